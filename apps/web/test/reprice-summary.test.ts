import type { PortfolioSummary, SummaryPosition } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { repriceSummary } from "../src/components/portfolio/reprice-summary";
import { sameShownFigures } from "../src/routes/_app/portfolio-summary/-components/shown-position";

function position(fields: Partial<SummaryPosition> & Pick<SummaryPosition, "symbol">) {
  return {
    id: 1,
    name: null,
    priceSource: "market",
    priceAsOf: null,
    allocationPercent: null,
    todayChange: null,
    todayChangePercent: null,
    realizedGain: "0",
    ...fields,
  } as SummaryPosition;
}

/** 10 AAPL at 150 (bought at 100, up 5 today) and 0.5 BTC at its last known 30000. */
const summary: PortfolioSummary = {
  stocks: {
    positions: [
      position({
        symbol: "AAPL",
        quantity: "10",
        averagePurchasePrice: "100",
        currentPrice: "150",
        currentValue: "1500",
        costBasis: "1000",
        gainLoss: "500",
        gainLossPercent: 50,
        todayChange: "50",
        todayChangePercent: 3.4483,
      }),
    ],
    totals: { currentValue: "1500", costBasis: "1000", gainLoss: "500", gainLossPercent: 50 },
    allocationPercent: 9.0909,
  },
  crypto: {
    positions: [
      position({
        symbol: "BTC",
        quantity: "0.5",
        averagePurchasePrice: "20000",
        currentPrice: "30000",
        currentValue: "15000",
        costBasis: "10000",
        gainLoss: "5000",
        gainLossPercent: 50,
        priceSource: "last_known",
      }),
    ],
    totals: { currentValue: "15000", costBasis: "10000", gainLoss: "5000", gainLossPercent: 50 },
    allocationPercent: 90.9091,
  },
  total: { currentValue: "16500", costBasis: "11000", gainLoss: "5500", gainLossPercent: 50 },
  today: { change: "50", changePercent: 3.4483 },
  pricedAt: "2026-03-11T15:00:00.000Z",
  returns: { realizedGain: "100", unrealizedGain: "5500", income: "10", totalReturn: "5610" },
};

const tick = (symbol: string, price: string, change: string) => ({
  assetType: symbol === "BTC" ? ("CRYPTO" as const) : ("STOCK" as const),
  symbol,
  price,
  change,
  at: "2026-03-11T15:00:05.000Z",
});

describe("a live tick reprices the portfolio summary", () => {
  it("moves the position, its section, the total, the allocations, today and the returns", () => {
    const next = repriceSummary(summary, [tick("AAPL", "160", "15")]);
    expect(next.stocks.positions[0]).toMatchObject({
      currentPrice: "160",
      currentValue: "1600",
      gainLoss: "600",
      gainLossPercent: 60,
      allocationPercent: 9.6386,
      // 10 x the tick's 15 change per share today, against the 1450 it started from.
      todayChange: "150",
      todayChangePercent: 10.3448,
    });
    expect(next.stocks.totals).toEqual({
      currentValue: "1600",
      costBasis: "1000",
      gainLoss: "600",
      gainLossPercent: 60,
    });
    expect(next.stocks.allocationPercent).toBe(9.6386);
    expect(next.crypto.allocationPercent).toBe(90.3614);
    expect(next.total).toEqual({
      currentValue: "16600",
      costBasis: "11000",
      gainLoss: "5600",
      gainLossPercent: 50.9091,
    });
    // 10 x the 10 move joins the 50 already made today, against the 1450 it started from.
    expect(next.today).toEqual({ change: "150", changePercent: 10.3448 });
    expect(next.returns).toEqual({
      realizedGain: "100",
      unrealizedGain: "5600",
      income: "10",
      totalReturn: "5710",
    });
    expect(next.pricedAt).toBe("2026-03-11T15:00:05.000Z");
  });

  it("prices a holding valued at its last known price by the market, with its own change today", () => {
    const next = repriceSummary(summary, [tick("BTC", "32000", "1000")]);
    expect(next.crypto.positions[0]).toMatchObject({
      currentPrice: "32000",
      priceSource: "market",
      currentValue: "16000",
      todayChange: "500", // 0.5 x 1000, where its last known price told none
      todayChangePercent: 3.2258,
    });
    // 50 + 0.5 x 1000, against 1450 + the 15500 BTC was worth before today.
    expect(next.today).toEqual({ change: "550", changePercent: 3.2448 });
  });

  it("prices a batch of ticks at once as the same ticks one after another would", () => {
    const ticks = [
      tick("AAPL", "160", "15"),
      tick("BTC", "32000", "1000"),
      tick("AAPL", "155", "10"),
    ];
    const oneByOne = ticks.reduce((before, each) => repriceSummary(before, [each]), summary);
    const batch = repriceSummary(summary, ticks);
    expect(batch).toEqual(oneByOne);
    // 50 + 0.5 x 1000 for BTC joining, then AAPL's 150 -> 155 move: 10 x 5.
    expect(batch.today?.change).toBe("600");
    expect(batch.stocks.positions[0]?.currentPrice).toBe("155");
  });

  it("leaves the summary as it was for a symbol not held or a price unchanged", () => {
    expect(repriceSummary(summary, [tick("MSFT", "400", "1")])).toBe(summary);
    expect(repriceSummary(summary, [tick("AAPL", "150", "5")])).toBe(summary);
  });

  it("redraws a holdings row whose weight alone moved, since the row shows it", () => {
    const next = repriceSummary(summary, [tick("AAPL", "160", "15")]);
    const [btcBefore, btcAfter] = [summary.crypto.positions[0]!, next.crypto.positions[0]!];
    expect(btcAfter.allocationPercent).not.toBe(btcBefore.allocationPercent);
    expect(sameShownFigures(btcBefore, btcAfter)).toBe(false);
    expect(sameShownFigures(btcBefore, { ...btcBefore })).toBe(true);
    expect(sameShownFigures(summary.stocks.positions[0]!, next.stocks.positions[0]!)).toBe(false);
    const marketPriced = { ...btcAfter, priceSource: "market" as const };
    expect(sameShownFigures(btcAfter, marketPriced)).toBe(false);
  });
});

describe("a symbol held in two investment accounts", () => {
  it("moves each account's row of it, and the totals with both", () => {
    const split: PortfolioSummary = {
      ...summary,
      stocks: {
        ...summary.stocks,
        positions: [
          { ...summary.stocks.positions[0]!, id: 1 },
          {
            ...summary.stocks.positions[0]!,
            id: 2,
            quantity: "4",
            currentValue: "600",
            costBasis: "400",
            gainLoss: "200",
            todayChange: "20",
          },
        ],
      },
    };
    const next = repriceSummary(split, [tick("AAPL", "160", "15")]);
    expect(next.stocks.positions.map((position) => position.currentValue)).toEqual(["1600", "640"]);
    expect(next.stocks.totals.currentValue).toBe("2240");
  });
});
