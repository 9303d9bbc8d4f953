import { dateOutOfRange, portfolioMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { signIn, stocksRestApp } from "../support/portfolio-support";

const apps = appPerTest();

const setUp = () => apps.open(stocksRestApp());

describe("REST /api/portfolio", () => {
  it("creates a position from the spec's POST body and answers JSON numbers", async () => {
    const { rest } = await setUp();
    const created = await rest("POST", "/portfolio", {
      symbol: "AAPL",
      quantity: 3,
      purchasePrice: 150.5,
      purchaseDate: "2026-02-20T14:00:00Z",
      notes: "from the REST door",
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      position: { symbol: "AAPL", quantity: 3, averagePurchasePrice: 150.5 },
      transaction: {
        transactionType: "BUY",
        quantity: 3,
        price: 150.5,
        transactionTotal: 451.5,
        transactionDate: "2026-02-20T14:00:00.000Z",
        notes: "from the REST door",
      },
    });
    const list = await rest("GET", "/portfolio");
    expect(list.body).toEqual([
      {
        id: (created.body?.position as { id: number }).id,
        symbol: "AAPL",
        quantity: 3,
        averagePurchasePrice: 150.5,
        costBasis: 451.5,
        currentPrice: expect.any(Number) as number,
        currentValue: expect.any(Number) as number,
        gainLoss: expect.any(Number) as number,
        gainLossPercent: expect.any(Number) as number,
      },
    ]);
    // The rows the original client sums on its summary screen: valued as /api/cryptoportfolio's are.
    const [row] = list.body as unknown as Record<string, number>[];
    expect(row!.currentValue).toBeCloseTo(3 * row!.currentPrice!, 6);
    expect(row!.gainLoss).toBeCloseTo(row!.currentValue! - 451.5, 6);
    expect(row!.gainLossPercent).toBeCloseTo((row!.gainLoss! / 451.5) * 100, 2);
  });

  it("answers the spec's messages for bad POST bodies", async () => {
    const { rest } = await setUp();
    const zero = await rest("POST", "/portfolio", {
      symbol: "AAPL",
      quantity: 0,
      purchasePrice: 1,
    });
    expect(zero.status).toBe(400);
    expect(zero.body?.message).toBe(portfolioMessages.quantityMustBePositive);
    const price = await rest("POST", "/portfolio", {
      symbol: "AAPL",
      quantity: 1,
      purchasePrice: 0,
    });
    expect(price.body?.message).toBe(portfolioMessages.purchasePriceMustBePositive);
    const unknown = await rest("POST", "/portfolio", {
      symbol: "ZZZZ",
      quantity: 1,
      purchasePrice: 1,
    });
    expect(unknown.status).toBe(404);
    expect((await rest("GET", "/portfolio")).body).toEqual([]);
  });

  it("refuses an absurd order, 99,999,999,999 shares for $47 trillion, as tRPC does", async () => {
    const { rest } = await setUp();
    const absurd = await rest("POST", "/portfolio", {
      symbol: "AAPL",
      quantity: 99999999999,
      purchasePrice: 470,
    });
    expect(absurd.status).toBe(400);
    expect(absurd.body?.message).toBe(portfolioMessages.tradeTotalTooLarge);
    expect((await rest("GET", "/portfolio")).body).toEqual([]);
    const exponent = await rest("POST", "/portfolio", {
      symbol: "AAPL",
      quantity: "1e3",
      purchasePrice: 1,
    });
    expect(exponent.status).toBe(400);
    expect(exponent.body?.message).toBe(
      "Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    );
  });
});

describe("REST PUT /api/portfolio/{id}", () => {
  async function withPosition() {
    const app = await setUp();
    const id = (await app.buy({ symbol: "MSFT", quantity: "10", purchasePrice: "100" })).data
      .position!.id;
    return { ...app, id };
  }

  it("buys more when QuantityAlreadyOwned is what is held plus QuantityToBuy", async () => {
    const { rest, id } = await withPosition();
    const response = await rest("PUT", `/portfolio/${id}`, {
      QuantityToBuy: 5,
      QuantityAlreadyOwned: 15,
      purchasePrice: 130,
      purchaseDate: "2026-03-01T15:00:00Z",
      notes: "",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      position: { id, quantity: 15, averagePurchasePrice: 110 },
      transaction: { quantity: 5, price: 130, transactionTotal: 650 },
    });
  });

  it("checks QuantityAlreadyOwned instead of trusting it: 409 and nothing written on a mismatch", async () => {
    const { rest, id, positions, user } = await withPosition();
    const response = await rest("PUT", `/portfolio/${id}`, {
      QuantityToBuy: 5,
      QuantityAlreadyOwned: 1000,
      purchasePrice: 130,
    });
    expect(response.status).toBe(409);
    expect(response.body?.message).toBe(portfolioMessages.holdingChanged);
    expect((await positions()).data[0]?.quantity).toBe("10");
    expect(await apps.t.app.deps.repos.portfolio.transactions(user.id)).toHaveLength(1);
  });

  it("buys without the precondition when QuantityAlreadyOwned is left out", async () => {
    const { rest, id } = await withPosition();
    const response = await rest("PUT", `/portfolio/${id}`, {
      QuantityToBuy: "0.5",
      purchasePrice: "100",
    });
    expect(response.status).toBe(200);
    expect((response.body?.position as { quantity: number }).quantity).toBe(10.5);
  });

  it("refuses malformed quantities with a clear 400", async () => {
    const { rest, id } = await withPosition();
    const less = await rest("PUT", `/portfolio/${id}`, {
      QuantityToBuy: 5,
      QuantityAlreadyOwned: 4,
      purchasePrice: 1,
    });
    expect(less.status).toBe(400);
    expect(less.body?.message).toContain("cannot be less than QuantityToBuy");
    const words = await rest("PUT", `/portfolio/${id}`, {
      QuantityToBuy: 5,
      QuantityAlreadyOwned: "lots",
      purchasePrice: 1,
    });
    expect(words.body?.message).toBe("QuantityAlreadyOwned must be a number");
    // A leading "+" is not a number to the original either, and never a library's message.
    const plus = await rest("PUT", `/portfolio/${id}`, { QuantityToBuy: "+5", purchasePrice: 1 });
    expect(plus.status).toBe(400);
    expect(plus.body?.message).toBe("Quantity must be a number");
    const ownedPlus = await rest("PUT", `/portfolio/${id}`, {
      QuantityToBuy: 5,
      QuantityAlreadyOwned: "+5",
      purchasePrice: 1,
    });
    expect(ownedPlus.status).toBe(400);
    expect(ownedPlus.body?.message).toBe("QuantityAlreadyOwned must be a number");
    const ancient = await rest("PUT", `/portfolio/${id}`, {
      QuantityToBuy: 1,
      purchasePrice: 1,
      purchaseDate: "0001-01-01T00:00:00Z",
    });
    expect(ancient.status).toBe(400);
    expect(ancient.body?.message).toBe(dateOutOfRange("Purchase date"));
    const zero = await rest("PUT", `/portfolio/${id}`, { QuantityToBuy: 0, purchasePrice: 1 });
    expect(zero.body?.message).toBe(portfolioMessages.quantityMustBePositive);
    const missing = await rest("PUT", `/portfolio/${id}`, { purchasePrice: 1 });
    expect(missing.status).toBe(400);
    const badId = await rest("PUT", "/portfolio/abc", { QuantityToBuy: 1, purchasePrice: 1 });
    expect(badId.status).toBe(400);
    expect(badId.body?.message).toBe("Position id must be a whole number");
  });

  it("answers 404 for another user's position id", async () => {
    const { id } = await withPosition();
    const bob = await signIn(apps.t);
    const response = await apps.t.request("PUT", `/api/portfolio/${id}`, {
      token: bob.token,
      body: { QuantityToBuy: 1, QuantityAlreadyOwned: 11, purchasePrice: 1 },
    });
    expect(response.status).toBe(404);
    expect(response.body?.message).toBe(portfolioMessages.positionNotFound);
  });
});

describe("REST POST /api/portfolio/{id}/sell", () => {
  async function withPosition() {
    const app = await setUp();
    const id = (await app.buy({ symbol: "AAPL", quantity: "4", purchasePrice: "100" })).data
      .position!.id;
    return { ...app, id };
  }

  it("sells at the posted price, or at the market price for the spec's quantity-only variant", async () => {
    const { rest, id, snapshotPrice } = await withPosition();
    const priced = await rest("POST", `/portfolio/${id}/sell`, { quantity: 1, price: 99.99 });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({
      position: { quantity: 3 },
      transaction: { transactionType: "SELL", quantity: 1, price: 99.99, transactionTotal: 99.99 },
    });
    const market = await rest("POST", `/portfolio/${id}/sell`, { quantity: 1 });
    expect((market.body?.transaction as { price: number }).price).toBe(
      Number(await snapshotPrice("AAPL")),
    );
  });

  it("closes the position on a sell of everything and answers position null", async () => {
    const { rest, id } = await withPosition();
    const response = await rest("POST", `/portfolio/${id}/sell`, { quantity: 4, price: 1 });
    expect(response.status).toBe(200);
    expect(response.body?.position).toBeNull();
    expect((await rest("GET", "/portfolio")).body).toEqual([]);
  });

  it("refuses overselling and bad quantities with 'Invalid sell quantity'", async () => {
    const { rest, id } = await withPosition();
    for (const quantity of [5, 0, -1]) {
      const response = await rest("POST", `/portfolio/${id}/sell`, { quantity, price: 1 });
      expect(response.status).toBe(400);
      expect(response.body?.message).toBe(portfolioMessages.invalidSellQuantity);
    }
  });

  it("answers 404 for another user's position id", async () => {
    const { id } = await withPosition();
    const bob = await signIn(apps.t);
    const response = await apps.t.request("POST", `/api/portfolio/${id}/sell`, {
      token: bob.token,
      body: { quantity: 1, price: 1 },
    });
    expect(response.status).toBe(404);
  });

  it("refuses anonymous requests to every portfolio path with 401", async () => {
    const { id } = await withPosition();
    for (const [method, url] of [
      ["GET", "/api/portfolio"],
      ["POST", "/api/portfolio"],
      ["PUT", `/api/portfolio/${id}`],
      ["POST", `/api/portfolio/${id}/sell`],
    ] as const) {
      const response = await apps.t.request(method, url, {
        body: method === "GET" ? undefined : {},
      });
      expect(response.status).toBe(401);
    }
  });
});
