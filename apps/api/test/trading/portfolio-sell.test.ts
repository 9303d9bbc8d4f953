import { marketMessages, portfolioMessages } from "@ledgerline/contracts";
import { MarketDataError } from "@ledgerline/market";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signIn, stocksApp } from "../support/portfolio-support";
import type { TestApp } from "../support/test-app";

let t: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await t?.close();
  t = undefined;
});

async function holding(quantity = "10", price = "100") {
  const app = await stocksApp();
  t = app.t;
  const bought = await app.buy({ symbol: "AAPL", quantity, purchasePrice: price });
  return { ...app, id: bought.data.position!.id };
}

const transactionsOf = (userId: number) => t!.app.deps.repos.portfolio.transactions(userId);

describe("selling stock", () => {
  it("sells part of a position at the given price, keeping the average cost of the rest", async () => {
    const { sell, id, positions } = await holding("10", "100");
    const sold = await sell({ positionId: id, quantity: "2.5", price: "120.10", notes: "trim" });
    expect(sold.status).toBe(200);
    expect(sold.data.position).toMatchObject({ id, quantity: "7.5", averagePurchasePrice: "100" });
    expect(sold.data.transaction).toMatchObject({
      type: "STOCK",
      symbol: "AAPL",
      transactionType: "SELL",
      quantity: "2.5",
      price: "120.1",
      transactionTotal: "300.25",
      notes: "trim",
    });
    expect((await positions()).data[0]?.quantity).toBe("7.5");
  });

  it("sells at the current market price when no price is given", async () => {
    const { sell, id, snapshotPrice } = await holding();
    const sold = await sell({ positionId: id, quantity: "1" });
    expect(sold.status).toBe(200);
    expect(sold.data.transaction.price).toBe(await snapshotPrice("AAPL"));
  });

  it("closes the position when everything is sold, after which the stock may leave the watchlist", async () => {
    const { sell, id, positions, save, remove, user } = await holding("3");
    await save("AAPL");
    const sold = await sell({ positionId: id, quantity: "3", price: "90" });
    expect(sold.status).toBe(200);
    expect(sold.data.position).toBeNull();
    expect((await positions()).data).toEqual([]);
    expect((await remove("AAPL")).status).toBe(200);
    expect((await transactionsOf(user.id)).map((row) => row.transactionType)).toEqual([
      "SELL",
      "BUY",
    ]);
    const after = await sell({ positionId: id, quantity: "1", price: "90" });
    expect(after.status).toBe(404);
  });

  it("refuses to sell more than is held with 'Invalid sell quantity' and writes nothing", async () => {
    const { sell, id, positions, user } = await holding("10");
    const oversell = await sell({ positionId: id, quantity: "10.00000001", price: "100" });
    expect(oversell.status).toBe(400);
    expect(oversell.message).toBe(portfolioMessages.invalidSellQuantity);
    expect((await positions()).data[0]?.quantity).toBe("10");
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });

  it.each([
    ["zero", { quantity: "0" }, portfolioMessages.invalidSellQuantity],
    ["negative", { quantity: "-1" }, portfolioMessages.invalidSellQuantity],
    ["non-numeric", { quantity: "all" }, "Quantity must be a number"],
    [
      "an exponent",
      { quantity: "1e20" },
      "Quantity must be written as plain digits, like 1000 or 0.5 (not 1e3)",
    ],
    ["a zero price", { price: "0" }, portfolioMessages.sellPriceMustBePositive],
    ["a non-numeric price", { price: "market" }, "Sell price must be a number"],
    ["a huge price", { price: 5e12 }, "Sell price must be at most 1,000,000,000,000"],
    ["a price past any bound", { price: 1e21 }, "Sell price must be at most 1,000,000,000,000"],
  ])("refuses %s with a clear 400", async (_name, change, message) => {
    const { sell, id, positions } = await holding();
    const response = await sell({ positionId: id, quantity: "1", price: "10", ...change });
    expect(response.status).toBe(400);
    expect(response.message).toBe(message);
    expect((await positions()).data[0]?.quantity).toBe("10");
  });

  it("answers 404 for another user's position, leaving it untouched", async () => {
    const alice = await holding("5");
    const bob = await signIn(t!);
    const theirs = await bob.sell({ positionId: alice.id, quantity: "1", price: "1" });
    expect(theirs.status).toBe(404);
    expect(theirs.message).toBe(portfolioMessages.positionNotFound);
    expect((await bob.sell({ positionId: 123_456, quantity: "1" })).status).toBe(404);
    expect((await alice.positions()).data[0]?.quantity).toBe("5");
    expect(await transactionsOf(bob.user.id)).toEqual([]);
  });

  it("says the market's message when no price is given and the market cannot price it", async () => {
    const { sell, id, user } = await holding();
    vi.spyOn(t!.app.deps.market.stocks, "getSnapshot").mockRejectedValue(
      new MarketDataError("snapshot", "unavailable"),
    );
    const response = await sell({ positionId: id, quantity: "1" });
    expect(response.status).toBe(503);
    expect(response.message).toBe(marketMessages.failedToFetchStockData);
    expect(await transactionsOf(user.id)).toHaveLength(1);
  });
});
