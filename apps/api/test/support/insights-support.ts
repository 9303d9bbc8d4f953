import { expect, vi } from "vitest";
import { twoAccountsApp } from "./accounts-support";

/**
 * Main: 10 AAPL at 150 (1,500, a stock) and 2 SPY at 500 (1,000, an ETF), no cash. The market
 * prices nothing, so each holding is at its last trade: 2,500, 60% stocks and 40% ETFs.
 */
export async function stocksAndFundApp() {
  const app = await twoAccountsApp();
  for (const [symbol, quantity, purchasePrice] of [
    ["AAPL", 10, 150],
    ["SPY", 2, 500],
  ] as const) {
    const bought = await app.call("mutation", "portfolio.buy", { symbol, quantity, purchasePrice });
    expect(bought.status, bought.message).toBe(200);
  }
  const { market } = app.t.app.deps;
  vi.spyOn(market.stocks, "getSnapshots").mockRejectedValue(new Error("market down"));
  vi.spyOn(market.crypto, "getQuotes").mockRejectedValue(new Error("market down"));
  return app;
}
