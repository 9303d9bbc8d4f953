import type { PortfolioHistory, PortfolioSummary } from "@ledgerline/contracts";
import { add } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const point = (date: string, stockValue: string, cryptoValue: string, costBasis: string) => ({
  date,
  stockValue,
  cryptoValue,
  totalValue: add(stockValue, cryptoValue),
  costBasis,
});

describe("portfolio value over time", () => {
  it("replays the trades against daily closes, carrying Friday's close over the weekend", async () => {
    const me = await historyApp();
    t = me.t;
    // Daily closes of the pinned market: AAPL 257.62 (Mar 2), 259.95, 260.26, 251.89, 258.27
    // (Fri Mar 6), 257.31 (Mon), 259.63, and today's price 258.79; BTC 85248.57 (Sun Mar 8),
    // 84989.38, 87883.06, and today's 88768.55.
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
    await me.sell("STOCK", "AAPL", "4", "240", "2026-03-05T15:00:00Z");
    await me.buy("CRYPTO", "BTC", "0.1", "81000", "2026-03-08T12:00:00Z");

    const history = await me.ok<PortfolioHistory>("portfolioSummary.history", { range: "1M" });
    expect(history.unpricedSymbols).toEqual([]);
    expect(history.points).toEqual([
      point("2026-03-02", "2576.2", "0", "2400"),
      point("2026-03-03", "2599.5", "0", "2400"),
      point("2026-03-04", "2602.6", "0", "2400"),
      point("2026-03-05", "1511.34", "0", "1440"),
      point("2026-03-06", "1549.62", "0", "1440"),
      point("2026-03-07", "1549.62", "0", "1440"),
      point("2026-03-08", "1549.62", "8524.857", "9540"),
      point("2026-03-09", "1543.86", "8498.938", "9540"),
      point("2026-03-10", "1557.78", "8788.306", "9540"),
      point("2026-03-11", "1552.74", "8876.855", "9540"),
    ]);

    // The last point is where the summary's cards stand.
    const summary = await me.ok<PortfolioSummary>("portfolioSummary.get");
    expect(history.points.at(-1)?.totalValue).toBe(summary.total.currentValue);
    expect(history.points.at(-1)?.costBasis).toBe(summary.total.costBasis);
  });

  it("starts a range at its first day, with what was held then", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("STOCK", "AAPL", "2", "200", "2025-06-02T15:00:00Z");
    const history = await me.ok<PortfolioHistory>("portfolioSummary.history", { range: "1M" });
    expect(history.points[0]).toEqual(
      point("2026-02-11", history.points[0]!.stockValue, "0", "400"),
    );
    expect(history.points).toHaveLength(29);
    const all = await me.ok<PortfolioHistory>("portfolioSummary.history", { range: "ALL" });
    expect(all.points[0]?.date).toBe("2025-06-02");
    // An unknown range means the default rather than an error.
    const fallback = await me.query<PortfolioHistory>("portfolioSummary.history", { range: "5Y" });
    expect(fallback.status).toBe(200);
    // The default, 1Y as the returns', reaches back before the first trade.
    expect(fallback.data.points[0]?.date).toBe("2025-06-02");
    expect(fallback.data.benchmark?.basis).toBe("contributions");
  });

  it("values a symbol without history at its last trade and says so", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("STOCK", "ZZZZ", "3", "10", "2026-03-09T15:00:00Z");
    const history = await me.ok<PortfolioHistory>("portfolioSummary.history", { range: "1M" });
    expect(history.unpricedSymbols).toEqual(["ZZZZ"]);
    expect(history.points.map((p) => p.stockValue)).toEqual(["30", "30", "30"]);
  });

  it("has no points before the first trade", async () => {
    const me = await historyApp();
    t = me.t;
    const history = await me.ok<PortfolioHistory>("portfolioSummary.history", { range: "1Y" });
    expect(history).toEqual({ points: [], unpricedSymbols: [], benchmark: null });
  });
});
