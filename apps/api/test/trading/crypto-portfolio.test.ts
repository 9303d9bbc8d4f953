import { marketMessages, portfolioMessages } from "@ledgerline/contracts";
import { createManualClock } from "@ledgerline/market/testing";
import { multiply, round, subtract } from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import {
  cryptoApp,
  cryptoMarketService,
  MARKET_NOW,
  signInCrypto,
  SwitchableCryptoMarket,
} from "../support/crypto-support";
import { appPerTest } from "../support/app-per-test";

const apps = appPerTest();

async function setUp(options: Parameters<typeof cryptoApp>[0] = {}) {
  const app = await apps.open(cryptoApp(options));
  return app;
}

const transactionsOf = (userId: number) => apps.t.app.deps.repos.portfolio.transactions(userId);

describe("buying crypto", () => {
  it("opens a position and writes its CRYPTO BUY transaction with the exact total", async () => {
    const { buy, positions, user } = await setUp();
    const bought = await buy({
      symbol: "btc",
      quantity: "0.5",
      purchasePrice: "64000.12",
      purchaseDate: "2026-03-01T10:00:00.000Z",
      notes: " first coins ",
    });
    expect(bought.status).toBe(200);
    expect(bought.data.position).toMatchObject({
      symbol: "BTC",
      quantity: "0.5",
      averagePurchasePrice: "64000.12",
    });
    expect(bought.data.transaction).toMatchObject({
      type: "CRYPTO",
      symbol: "BTC",
      transactionType: "BUY",
      quantity: "0.5",
      price: "64000.12",
      transactionTotal: "32000.06",
      transactionDate: "2026-03-01T10:00:00.000Z",
      notes: "first coins",
    });
    expect((await positions()).data.map((position) => position.id)).toEqual([
      bought.data.position!.id,
    ]);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it("increases the held position by symbol and recomputes the average price exactly", async () => {
    const { buy } = await setUp();
    await buy({ symbol: "ETH", quantity: "1", purchasePrice: "3000" });
    const second = await buy({ symbol: "ETH", quantity: "2", purchasePrice: "3300.01" });
    expect(second.data.position).toMatchObject({
      quantity: "3",
      averagePurchasePrice: "3200.0066666666666667",
    });
  });

  it("keeps 0.000001 and 12345.12345678 exact through tRPC and REST", async () => {
    const { buy, rest, positions } = await setUp();
    await buy({ symbol: "SHIB", quantity: "0.000001", purchasePrice: "0.00001234" });
    const viaRest = await rest("POST", "/api/cryptoportfolio", {
      symbol: "DOGE",
      quantity: 12345.12345678,
      purchasePrice: 0.31,
    });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toMatchObject({
      position: { symbol: "DOGE", quantity: 12345.12345678 },
      transaction: { quantity: 12345.12345678, transactionTotal: 3826.9882716018 },
    });

    const exact = (await positions()).data;
    expect(exact.map((position) => [position.symbol, position.quantity])).toEqual([
      ["DOGE", "12345.12345678"],
      ["SHIB", "0.000001"],
    ]);
    const raw = (await rest("GET", "/api/cryptoportfolio")).body as unknown as {
      symbol: string;
      quantity: number;
      averagePurchasePrice: number;
    }[];
    expect(raw.map((position) => [position.symbol, position.quantity])).toEqual([
      ["DOGE", 12345.12345678],
      ["SHIB", 0.000001],
    ]);
    expect(raw[1]!.averagePurchasePrice).toBe(0.00001234);
  });

  it("opens no position in a coin the market does not know", async () => {
    const { buy, positions, user } = await setUp();
    const unknown = await buy({ symbol: "NOPE", quantity: "1", purchasePrice: "1" });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(marketMessages.cryptocurrencyNotFound);
    expect((await positions()).data).toEqual([]);
    expect(await transactionsOf(user.id)).toEqual([]);
  });

  it.each([
    [{ quantity: "0", purchasePrice: "1" }, portfolioMessages.quantityMustBePositive],
    [{ quantity: "-0.5", purchasePrice: "1" }, portfolioMessages.quantityMustBePositive],
    [{ quantity: "1", purchasePrice: "0" }, portfolioMessages.purchasePriceMustBePositive],
    [{ quantity: "lots", purchasePrice: "1" }, "Quantity must be a number"],
    [{ quantity: "0.000000001", purchasePrice: "1" }, "Quantity can have at most 8 decimal places"],
    [
      { quantity: "10000000000000", purchasePrice: "1" },
      "Quantity must be at most 1,000,000,000,000",
    ],
    [
      { quantity: "1", purchasePrice: "1", purchaseDate: "2030-01-01T00:00:00Z" },
      portfolioMessages.purchaseDateInFuture,
    ],
  ])("refuses %j with 400: %s", async (fields, message) => {
    const { buy, positions } = await setUp();
    const refused = await buy({ symbol: "BTC", ...fields });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(message);
    expect((await positions()).data).toEqual([]);
  });
});

describe("buying more of a crypto position", () => {
  it("adds to the position when it still holds what the client saw", async () => {
    const { buy, buyMore } = await setUp();
    const id = (await buy({ symbol: "SOL", quantity: "1.5", purchasePrice: "100" })).data.position!
      .id;
    const more = await buyMore({
      positionId: id,
      quantity: "0.000001",
      purchasePrice: "200",
      expectedHeld: "1.5",
    });
    expect(more.status).toBe(200);
    expect(more.data.position).toMatchObject({ id, quantity: "1.500001" });
    expect(more.data.transaction).toMatchObject({ type: "CRYPTO", transactionType: "BUY" });
  });

  it("answers 409 and writes nothing when the holding changed since the client looked", async () => {
    const { buy, buyMore, user } = await setUp();
    const id = (await buy({ symbol: "SOL", quantity: "2", purchasePrice: "100" })).data.position!
      .id;
    const stale = await buyMore({
      positionId: id,
      quantity: "1",
      purchasePrice: "100",
      expectedHeld: "1",
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(portfolioMessages.holdingChanged);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it("maps the spec's PUT body, QuantityAlreadyOwned being owned plus bought", async () => {
    const { buy, rest, user } = await setUp();
    const id = (await buy({ symbol: "ETH", quantity: "0.25", purchasePrice: "3000" })).data
      .position!.id;
    const ok = await rest("PUT", `/api/cryptoportfolio/${id}`, {
      QuantityToBuy: 0.75,
      QuantityAlreadyOwned: 1,
      purchasePrice: 3100,
      purchaseDate: "2026-03-01T12:00:00Z",
      notes: "more",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      position: { id, symbol: "ETH", quantity: 1, averagePurchasePrice: 3075 },
      transaction: { type: "CRYPTO", quantity: 0.75, price: 3100, transactionTotal: 2325 },
    });
    const changed = await rest("PUT", `/api/cryptoportfolio/${id}`, {
      QuantityToBuy: 1,
      QuantityAlreadyOwned: 1.5,
      purchasePrice: 3100,
    });
    expect(changed.status).toBe(409);
    expect(changed.body?.message).toBe(portfolioMessages.holdingChanged);
    const garbage = await rest("PUT", `/api/cryptoportfolio/${id}`, {
      QuantityToBuy: 1,
      QuantityAlreadyOwned: "all of it",
      purchasePrice: 3100,
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body?.message).toBe("QuantityAlreadyOwned must be a number");
    const noPrice = await rest("PUT", `/api/cryptoportfolio/${id}`, { QuantityToBuy: 1 });
    expect(noPrice.status).toBe(400);
    expect(await transactionsOf(user.id)).toHaveLength(2);
  });

  it("answers 404 for another user's position, a stock position or one that does not exist", async () => {
    const { buy, call } = await setUp();
    const id = (await buy({ symbol: "BTC", quantity: "1", purchasePrice: "1" })).data.position!.id;
    const other = await signInCrypto(apps.t);
    const theirs = await other.buyMore({ positionId: id, quantity: "1", purchasePrice: "1" });
    expect(theirs.status).toBe(404);
    expect(theirs.message).toBe(portfolioMessages.positionNotFound);
    expect(
      (
        await other.rest("PUT", `/api/cryptoportfolio/${id}`, {
          QuantityToBuy: 1,
          purchasePrice: 1,
        })
      ).status,
    ).toBe(404);
    const stock = await call<{ position: { id: number } }>("mutation", "portfolio.buy", {
      symbol: "AAPL",
      quantity: "1",
      purchasePrice: "100",
    });
    const asCrypto = await call("mutation", "cryptoPortfolio.buyMore", {
      positionId: stock.data.position.id,
      quantity: "1",
      purchasePrice: "1",
    });
    expect(asCrypto.status).toBe(404);
    expect(
      (await other.buyMore({ positionId: 999999, quantity: "1", purchasePrice: "1" })).status,
    ).toBe(404);
  });
});

describe("selling crypto", () => {
  it("sells part of a position at the given price and writes a CRYPTO SELL", async () => {
    const { buy, sell, user } = await setUp();
    const id = (await buy({ symbol: "BTC", quantity: "0.5", purchasePrice: "60000" })).data
      .position!.id;
    const sold = await sell({ positionId: id, quantity: "0.25", price: "70000.5" });
    expect(sold.status).toBe(200);
    expect(sold.data.position).toMatchObject({ quantity: "0.25", averagePurchasePrice: "60000" });
    expect(sold.data.transaction).toMatchObject({
      type: "CRYPTO",
      transactionType: "SELL",
      quantity: "0.25",
      price: "70000.5",
      transactionTotal: "17500.125",
    });
    expect((await transactionsOf(user.id)).map((row) => row.transactionType)).toEqual([
      "SELL",
      "BUY",
    ]);
  });

  it("sells at the current quote when no price is given", async () => {
    const { buy, sell, quotePrice } = await setUp();
    const id = (await buy({ symbol: "ETH", quantity: "1", purchasePrice: "1" })).data.position!.id;
    const sold = await sell({ positionId: id, quantity: "0.1" });
    expect(sold.data.transaction.price).toBe(await quotePrice("ETH"));
  });

  it("closes the position when everything is sold", async () => {
    const { buy, sell, positions } = await setUp();
    const id = (await buy({ symbol: "ADA", quantity: "12345.12345678", purchasePrice: "0.8" })).data
      .position!.id;
    const sold = await sell({ positionId: id, quantity: "12345.12345678", price: "0.9" });
    expect(sold.status).toBe(200);
    expect(sold.data.position).toBeNull();
    expect((await positions()).data).toEqual([]);
  });

  it("refuses more than is held, and bad quantities, with 'Invalid sell quantity'", async () => {
    const { buy, sell, user } = await setUp();
    const id = (await buy({ symbol: "BTC", quantity: "0.5", purchasePrice: "1" })).data.position!
      .id;
    for (const quantity of ["0.6", "0", "-1", "0.500000001"]) {
      const refused = await sell({ positionId: id, quantity, price: "1" });
      expect(refused.status, quantity).toBe(400);
      expect(refused.message, quantity).toMatch(
        quantity === "0.500000001"
          ? /at most 8 decimal places/
          : new RegExp(`^${portfolioMessages.invalidSellQuantity}$`),
      );
    }
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it("answers 404 for another user's position", async () => {
    const { buy } = await setUp();
    const id = (await buy({ symbol: "BTC", quantity: "1", purchasePrice: "1" })).data.position!.id;
    const other = await signInCrypto(apps.t);
    const theirs = await other.sell({ positionId: id, quantity: "0.5", price: "1" });
    expect(theirs.status).toBe(404);
    expect(theirs.message).toBe(portfolioMessages.positionNotFound);
    expect(
      (await other.rest("POST", `/api/cryptoportfolio/${id}/sell`, { quantity: 0.5 })).status,
    ).toBe(404);
  });

  it("sells over REST with the spec's body, the price optional", async () => {
    const { buy, rest, quotePrice } = await setUp();
    const id = (await buy({ symbol: "SOL", quantity: "3", purchasePrice: "100" })).data.position!
      .id;
    const priced = await rest("POST", `/api/cryptoportfolio/${id}/sell`, {
      quantity: 0.000001,
      price: 150.25,
    });
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({
      position: { quantity: 2.999999 },
      transaction: { quantity: 0.000001, price: 150.25, transactionTotal: 0.00015025 },
    });
    const unpriced = await rest("POST", `/api/cryptoportfolio/${id}/sell`, { quantity: 1 });
    expect(unpriced.body).toMatchObject({
      transaction: { price: Number(await quotePrice("SOL")) },
    });
    const tooMany = await rest("POST", `/api/cryptoportfolio/${id}/sell`, { quantity: 5 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body?.message).toBe(portfolioMessages.invalidSellQuantity);
  });
});

describe("listing crypto positions", () => {
  it("values each position at the current quote, with cost basis and gain/loss computed exactly", async () => {
    const { buy, positions, quotePrice } = await setUp();
    await buy({ symbol: "BTC", quantity: "0.5", purchasePrice: "60000" });
    await buy({ symbol: "BTC", quantity: "0.25", purchasePrice: "70000" });
    await buy({ symbol: "ETH", quantity: "2", purchasePrice: "3000" });
    const btcPrice = await quotePrice("BTC");
    const [btc, eth] = (await positions()).data;
    const value = round(multiply("0.75", btcPrice), 8);
    expect(btc).toMatchObject({
      symbol: "BTC",
      quantity: "0.75",
      averagePurchasePrice: "63333.3333333333333333",
      costBasis: "47500",
      currentPrice: btcPrice,
      currentValue: value,
      gainLoss: subtract(value, "47500"),
    });
    expect(btc!.gainLossPercent).toBeCloseTo((Number(subtract(value, "47500")) / 47500) * 100, 3);
    expect(eth).toMatchObject({ symbol: "ETH", costBasis: "6000" });
  });

  it("lists a position without market figures while its quote is unavailable", async () => {
    const clock = createManualClock(MARKET_NOW);
    const provider = new SwitchableCryptoMarket(clock);
    const { buy, positions } = await setUp({
      market: cryptoMarketService({ clock, provider, ttls: { staleMs: 0 } }),
    });
    await buy({ symbol: "LTC", quantity: "4", purchasePrice: "100" });
    await clock.advance(60_000);
    provider.failing = true;
    const [ltc] = (await positions()).data;
    expect(ltc).toMatchObject({
      symbol: "LTC",
      quantity: "4",
      costBasis: "400",
      currentPrice: null,
      currentValue: null,
      gainLoss: null,
      gainLossPercent: null,
    });
  });

  it("lists only the user's own crypto positions, and no stock positions", async () => {
    const { buy, positions, call } = await setUp();
    await buy({ symbol: "XRP", quantity: "100", purchasePrice: "2" });
    await call("mutation", "portfolio.buy", { symbol: "AAPL", quantity: "1", purchasePrice: "1" });
    const other = await signInCrypto(apps.t);
    await other.buy({ symbol: "DOT", quantity: "1", purchasePrice: "6" });
    expect((await positions()).data.map((position) => position.symbol)).toEqual(["XRP"]);
    const stocks = await call<{ symbol: string }[]>("query", "portfolio.list");
    expect(stocks.data.map((position) => position.symbol)).toEqual(["AAPL"]);
  });

  it("answers GET /api/cryptoportfolio with JSON numbers and refuses anonymous requests", async () => {
    const { buy, rest } = await setUp();
    await buy({ symbol: "ETH", quantity: "1.5", purchasePrice: "2000" });
    const listed = await rest("GET", "/api/cryptoportfolio");
    expect(listed.status).toBe(200);
    expect((listed.body as unknown as Record<string, unknown>[])[0]).toMatchObject({
      symbol: "ETH",
      quantity: 1.5,
      averagePurchasePrice: 2000,
      costBasis: 3000,
      currentValue: expect.any(Number) as number,
    });
    for (const [method, url] of [
      ["GET", "/api/cryptoportfolio"],
      ["POST", "/api/cryptoportfolio"],
      ["PUT", "/api/cryptoportfolio/1"],
      ["POST", "/api/cryptoportfolio/1/sell"],
    ] as const) {
      expect(
        (await apps.t.request(method, url, { body: method === "GET" ? undefined : {} })).status,
      ).toBe(401);
    }
  });
});
