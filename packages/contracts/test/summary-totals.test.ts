import { describe, expect, it } from "vitest";
import type { SummaryPosition } from "../src/accounting/portfolio-summary";
import { summaryHoldings, summaryToday } from "../src/accounting/summary-totals";

const position = (
  id: number,
  figures: { currentValue: string; costBasis: string; todayChange: string | null },
): SummaryPosition => ({
  id,
  symbol: `S${id}`,
  name: null,
  quantity: "1",
  averagePurchasePrice: figures.costBasis,
  currentPrice: figures.currentValue,
  priceSource: figures.todayChange === null ? "last_known" : "market",
  priceAsOf: null,
  currentValue: figures.currentValue,
  costBasis: figures.costBasis,
  gainLoss: "0",
  gainLossPercent: null,
  allocationPercent: null,
  todayChange: figures.todayChange,
  todayChangePercent: null,
  realizedGain: "0",
});

describe("a summary's figures from its positions", () => {
  it("gives each section and position its share of the whole", () => {
    const stock = position(1, { currentValue: "300", costBasis: "200", todayChange: "10" });
    const coin = position(2, { currentValue: "100", costBasis: "150", todayChange: null });
    const { stocks, crypto, total } = summaryHoldings({ stocks: [stock], crypto: [coin] });
    expect(total).toMatchObject({ currentValue: "400", costBasis: "350", gainLoss: "50" });
    expect(stocks.allocationPercent).toBe(75);
    expect(crypto.positions[0]?.allocationPercent).toBe(25);
  });

  it("measures today's change against the moving holdings' value before it", () => {
    const moving = position(1, { currentValue: "310", costBasis: "200", todayChange: "10" });
    const stale = position(2, { currentValue: "100", costBasis: "150", todayChange: null });
    // 10 against 300 before: the last known price has no change to tell and is left out.
    expect(summaryToday([moving, stale])).toEqual({ change: "10", changePercent: 3.3333 });
    expect(summaryToday([stale])).toBeNull();
  });
});
