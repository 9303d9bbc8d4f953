import { dateOf } from "@ledgerline/clock";
import { marketMessages, portfolioMessages } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { appPerTest } from "../support/app-per-test";
import { signIn, stocksApp } from "../support/portfolio-support";

const apps = appPerTest();

async function setUp() {
  const app = await apps.open(stocksApp());
  return app;
}

const transactionsOf = (userId: number) => apps.t.app.deps.repos.portfolio.transactions(userId);

describe("buying stock", () => {
  it("opens a position and writes its BUY transaction with the exact total", async () => {
    const { buy, positions, user } = await setUp();
    const bought = await buy({
      symbol: "aapl",
      quantity: "10",
      purchasePrice: "150.25",
      purchaseDate: "2026-02-27T15:30:00.000Z",
      notes: "  first lot ",
    });
    expect(bought.status).toBe(200);
    expect(bought.data.position).toMatchObject({
      symbol: "AAPL",
      quantity: "10",
      averagePurchasePrice: "150.25",
    });
    expect(bought.data.transaction).toMatchObject({
      type: "STOCK",
      symbol: "AAPL",
      transactionType: "BUY",
      quantity: "10",
      price: "150.25",
      transactionTotal: "1502.5",
      transactionDate: "2026-02-27T15:30:00.000Z",
      notes: "first lot",
    });
    expect((await positions()).data).toEqual([expect.objectContaining(bought.data.position)]);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it("increases the held position by symbol and recomputes the average price exactly", async () => {
    const { buy, positions, user } = await setUp();
    await buy({ symbol: "MSFT", quantity: "10", purchasePrice: "100" });
    const second = await buy({ symbol: "MSFT", quantity: "5", purchasePrice: "130" });
    expect(second.data.position).toMatchObject({ quantity: "15", averagePurchasePrice: "110" });
    await buy({ symbol: "KO", quantity: "1", purchasePrice: "1" });
    const thirds = await buy({ symbol: "KO", quantity: "2", purchasePrice: "2" });
    // 5 / 3, half-even to the 16 decimals average prices keep.
    expect(thirds.data.position?.averagePurchasePrice).toBe("1.6666666666666667");
    expect((await positions()).data.map((p) => [p.symbol, p.quantity])).toEqual([
      ["KO", "3"],
      ["MSFT", "15"],
    ]);
    expect(await transactionsOf(user.id)).toHaveLength(4);
  });

  it("keeps fractional quantities and sub-cent prices exact", async () => {
    const { buy } = await setUp();
    const bought = await buy({
      symbol: "AAPL",
      quantity: "0.12345678",
      purchasePrice: "0.00000001",
    });
    expect(bought.data.transaction).toMatchObject({
      quantity: "0.12345678",
      price: "0.00000001",
      transactionTotal: "0.0000000012345678",
    });
  });

  it("dates a purchase now by default and refuses a date in the future", async () => {
    const { buy, positions, user } = await setUp();
    const now = dateOf(apps.t.clock).toISOString();
    expect(
      (await buy({ symbol: "AAPL", quantity: "1", purchasePrice: "10" })).data.transaction
        .transactionDate,
    ).toBe(now);
    const future = await buy({
      symbol: "MSFT",
      quantity: "1",
      purchasePrice: "10",
      purchaseDate: new Date(Date.parse(now) + 86_400_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.message).toBe(portfolioMessages.purchaseDateInFuture);
    const garbage = await buy({
      symbol: "MSFT",
      quantity: "1",
      purchasePrice: "10",
      purchaseDate: "yesterday",
    });
    expect(garbage.status).toBe(400);
    expect((await positions()).data.map((p) => p.symbol)).toEqual(["AAPL"]);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it("opens no position in a symbol the market does not know", async () => {
    const { buy, positions } = await setUp();
    const unknown = await buy({ symbol: "ZZZZ", quantity: "1", purchasePrice: "10" });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe(marketMessages.failedToFetchStockData);
    const malformed = await buy({ symbol: "1;DROP", quantity: "1", purchasePrice: "10" });
    expect(malformed.status).toBe(400);
    expect((await positions()).data).toEqual([]);
  });

  it.each([
    ["zero", { quantity: "0" }, portfolioMessages.quantityMustBePositive],
    ["negative", { quantity: -5 }, portfolioMessages.quantityMustBePositive],
    ["non-numeric", { quantity: "ten" }, "Quantity must be a number"],
    [
      "exponent",
      { quantity: "1e3" },
      "Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    ],
    ["missing", { quantity: undefined }, "Quantity must be a number"],
    ["huge", { quantity: "10000000000000" }, "Quantity must be at most 1,000,000,000,000"],
    ["too precise", { quantity: "1.123456789" }, "Quantity can have at most 8 decimal places"],
    ["a zero price", { purchasePrice: "0" }, portfolioMessages.purchasePriceMustBePositive],
    ["a negative price", { purchasePrice: "-1" }, portfolioMessages.purchasePriceMustBePositive],
    ["a non-numeric price", { purchasePrice: "cheap" }, "Purchase price must be a number"],
    [
      "a huge price",
      { purchasePrice: "2000000000000" },
      "Purchase price must be at most 1,000,000,000,000",
    ],
    [
      "a 26-digit price",
      { purchasePrice: "9".repeat(26) },
      "Purchase price must be at most 1,000,000,000,000",
    ],
    [
      "a price of 1e21",
      { purchasePrice: 1e21 },
      "Purchase price must be at most 1,000,000,000,000",
    ],
    [
      "an absurd order: 99,999,999,999 shares, $47 trillion",
      { quantity: "99999999999", purchasePrice: "470" },
      portfolioMessages.tradeTotalTooLarge,
    ],
    [
      "a total a cent past $10,000,000,000",
      { quantity: "1000000000", purchasePrice: "10.00000001" },
      portfolioMessages.tradeTotalTooLarge,
    ],
  ])("refuses %s with a clear 400 and writes nothing", async (_name, change, message) => {
    const { buy, positions, user } = await setUp();
    const response = await buy({ symbol: "AAPL", quantity: "1", purchasePrice: "10", ...change });
    expect(response.status).toBe(400);
    expect(response.message).toBe(message);
    expect((await positions()).data).toEqual([]);
    expect(await transactionsOf(user.id)).toEqual([]);
  });
});

describe("buying more of a position by id", () => {
  it("adds to the position when it still holds what the client saw", async () => {
    const { buy, buyMore } = await setUp();
    const id = (await buy({ symbol: "AAPL", quantity: "4", purchasePrice: "100" })).data.position!
      .id;
    const more = await buyMore({
      positionId: id,
      quantity: "4",
      purchasePrice: "120",
      expectedHeld: "4",
    });
    expect(more.status).toBe(200);
    expect(more.data.position).toMatchObject({ id, quantity: "8", averagePurchasePrice: "110" });
    const unchecked = await buyMore({ positionId: id, quantity: "2", purchasePrice: "110" });
    expect(unchecked.data.position?.quantity).toBe("10");
  });

  it("answers 409 and writes nothing when the holding changed since the client looked", async () => {
    const { buy, buyMore, positions, user } = await setUp();
    const id = (await buy({ symbol: "AAPL", quantity: "4", purchasePrice: "100" })).data.position!
      .id;
    const stale = await buyMore({
      positionId: id,
      quantity: "1",
      purchasePrice: "100",
      expectedHeld: "3",
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe(portfolioMessages.holdingChanged);
    expect((await positions()).data[0]?.quantity).toBe("4");
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it("answers 404 for another user's position or one that does not exist", async () => {
    const alice = await setUp();
    const bob = await signIn(apps.t);
    const id = (await alice.buy({ symbol: "AAPL", quantity: "1", purchasePrice: "100" })).data
      .position!.id;
    const theirs = await bob.buyMore({ positionId: id, quantity: "1", purchasePrice: "100" });
    expect(theirs.status).toBe(404);
    expect(theirs.message).toBe(portfolioMessages.positionNotFound);
    expect(
      (await bob.buyMore({ positionId: 999_999, quantity: "1", purchasePrice: "1" })).status,
    ).toBe(404);
    expect((await bob.buyMore({ positionId: "x", quantity: "1", purchasePrice: "1" })).status).toBe(
      400,
    );
    expect((await alice.positions()).data[0]?.quantity).toBe("1");
  });

  it("refuses a future purchase date and bad amounts like a new buy does", async () => {
    const { buy, buyMore } = await setUp();
    const id = (await buy({ symbol: "AAPL", quantity: "1", purchasePrice: "100" })).data.position!
      .id;
    const future = await buyMore({
      positionId: id,
      quantity: "1",
      purchasePrice: "100",
      purchaseDate: "2099-01-01T00:00:00Z",
    });
    expect(future.message).toBe(portfolioMessages.purchaseDateInFuture);
    const zero = await buyMore({ positionId: id, quantity: "0", purchasePrice: "100" });
    expect(zero.message).toBe(portfolioMessages.quantityMustBePositive);
  });
});

describe("listing positions", () => {
  it("lists only the user's own stock positions, by symbol", async () => {
    const alice = await setUp();
    const bob = await signIn(apps.t);
    await alice.buy({ symbol: "MSFT", quantity: "1", purchasePrice: "1" });
    await alice.buy({ symbol: "AAPL", quantity: "2", purchasePrice: "1" });
    await bob.buy({ symbol: "KO", quantity: "3", purchasePrice: "1" });
    await apps.t.app.deps.repos.portfolio.buy({
      userId: alice.user.id,
      assetType: "CRYPTO",
      symbol: "BTC",
      quantity: "1",
      price: "1",
      transactionDate: new Date(),
      notes: null,
      now: new Date(),
    });
    expect((await alice.positions()).data.map((p) => p.symbol)).toEqual(["AAPL", "MSFT"]);
    expect((await bob.positions()).data.map((p) => p.symbol)).toEqual(["KO"]);
  });
});
