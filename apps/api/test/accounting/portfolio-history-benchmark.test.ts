import type { PortfolioHistory, PortfolioPerformanceDetail } from "@ledgerline/contracts";
import { afterEach, describe, expect, it } from "vitest";
import { eagerTurns } from "../support/eager-turns";
import { comparedHistory } from "@ledgerline/api/accounting/history-benchmark";
import type { ValuedDay } from "@ledgerline/api/accounting/portfolio-valuation";
import type { TestApp } from "../support/test-app";
import { historyApp, threeTradesApp } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * The value chart's S&P 500 line, like with like (issue 37), on the returns tests' portfolio:
 * $2,400 put in on 2 March (10 AAPL at 240), $1,000 taken out on 5 March (4 sold at 250), $8,100
 * put in on 8 March (0.1 BTC at 81000); today is 11 March.
 */
async function threeTrades() {
  const me = await threeTradesApp("/api/portfolio/history");
  t = me.t;
  const spyClose = async (day: string) => {
    const bars = await me.t.app.deps.market.stocks.getDailyBars("SPY", "2026-02-20", day);
    return Number(bars.at(-1)!.c);
  };
  return { ...me, spyClose };
}

describe("the value chart's benchmark", () => {
  it("invests the portfolio's own buys and sells' proceeds in SPY on the same days", async () => {
    const { ok, spyClose } = await threeTrades();
    const history = await ok<PortfolioHistory>("portfolioSummary.history", {
      range: "1M",
      benchmark: "contributions",
    });
    const line = history.benchmark!;
    expect(line.symbol).toBe("SPY");
    expect(line.basis).toBe("contributions");
    expect(line.points.map((p) => p.date)).toEqual(history.points.map((p) => p.date));
    // No point carries a return in this basis.
    expect(history.points.every((p) => p.timeWeightedReturn === undefined)).toBe(true);

    // Worked by hand: each flow grows by SPY's close today over its close on the flow's day (no
    // ex-date in these days, so the total return is close to close).
    const flows = [
      { day: "2026-03-02", amount: 2400 },
      { day: "2026-03-05", amount: -1000 },
      { day: "2026-03-08", amount: 8100 },
    ];
    const closes = new Map<string, number>();
    for (const day of [...flows.map((f) => f.day), "2026-03-11"]) {
      closes.set(day, await spyClose(day));
    }
    const worth = (on: string) =>
      flows
        .filter((flow) => flow.day <= on)
        .reduce((sum, flow) => sum + (flow.amount * closes.get(on)!) / closes.get(flow.day)!, 0);
    const valueOn = (day: string) => line.points.find((p) => p.date === day)!.value;
    // The first day is the money put in, to the cent; the rest within a cent of the hand figure.
    expect(valueOn("2026-03-02")).toBe("2400");
    for (const day of ["2026-03-05", "2026-03-08", "2026-03-11"]) {
      expect(Math.abs(Number(valueOn(day)) - worth(day))).toBeLessThanOrEqual(0.01);
      expect(valueOn(day)).toMatch(/^-?\d+(\.\d{1,2})?$/);
    }
    // Like with like: about the $9,500 put in, not the $2,400 of the first buy grown.
    expect(Number(line.points.at(-1)!.value)).toBeGreaterThan(9000);
    expect(line.points.at(-1)!.value).toBe("9500.96");
  });

  it("compares cumulative returns from the range's start: the portfolio's time-weighted, SPY's total", async () => {
    const { ok, rest } = await threeTrades();
    for (const range of ["1M", "ALL"] as const) {
      const history = await ok<PortfolioHistory>("portfolioSummary.history", {
        range,
        benchmark: "return",
      });
      const detail = await ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
        range,
      });
      expect(history.benchmark?.basis).toBe("return");
      // Each point's return from the start; the last is the returns panel's, exactly.
      expect(history.points.at(-1)!.timeWeightedReturn).toBe(detail.timeWeightedReturn);
      expect(history.points.at(-1)!.timeWeightedReturn).toBe("0.41523679");
      expect(history.benchmark!.points.at(-1)!.value).toBe(detail.benchmark.timeWeightedReturn);
      // The first day: 10 AAPL closing at 257.62 after a buy at 240.
      expect(history.points[0]).toMatchObject({
        date: "2026-03-02",
        timeWeightedReturn: "0.07341667",
      });
      // The same through the REST door.
      const answer = await rest(`?range=${range}&benchmark=return`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(history);
    }
    // REST's default basis is contributions, as tRPC's.
    const plain = await rest("?range=1M");
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual(
      await ok<PortfolioHistory>("portfolioSummary.history", { range: "1M" }),
    );
    expect(plain.body).toMatchObject({ benchmark: { basis: "contributions" } });
  });

  it("refuses a benchmark basis it does not know at the REST door, where tRPC takes the default", async () => {
    const { query, rest } = await threeTrades();
    const bad = await rest("?range=1M&benchmark=price");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("benchmark");
    const stale = await query<PortfolioHistory>("portfolioSummary.history", {
      range: "1M",
      benchmark: "price",
    });
    expect(stale.status).toBe(200);
    expect(stale.data.benchmark?.basis).toBe("contributions");
  });
  it("hands the event loop over between its steps when its turn is over, the answer unchanged", async () => {
    const { t: app } = await threeTrades();
    // A week of a portfolio worth 1,000 on the first close, 500 put in on the 4th.
    const days: ValuedDay[] = ["02", "03", "04", "05", "06", "09"].map((day, i) => ({
      date: `2026-03-${day}`,
      stockValue: String(1000 + 10 * i + (i >= 2 ? 500 : 0)),
      cryptoValue: "0",
      totalValue: String(1000 + 10 * i + (i >= 2 ? 500 : 0)),
      costBasis: "1000",
      flow: i === 2 ? "500" : "0",
      realized: "0",
    }));
    for (const [basis, steps] of [
      ["return", 3],
      ["contributions", 2],
    ] as const) {
      const plain = await comparedHistory(app.app.deps, days, "2026-03-01", basis, {
        dividends: [],
      });
      // A clock that always says the turn is over: every step hands the loop over.
      const { turns: eager, handed } = eagerTurns();
      const turned = await comparedHistory(
        app.app.deps,
        days,
        "2026-03-01",
        basis,
        { dividends: [] },
        eager,
      );
      expect(handed()).toBe(steps);
      expect(turned).toEqual(plain);
      expect(plain.benchmark?.points).toHaveLength(days.length);
    }
  });
});

describe("the value chart's All", () => {
  it("starts at the first trade however long ago, as the returns' All does", async () => {
    const me = await historyApp();
    t = me.t;
    // 792 days before today: past the two years the chart used to stop at.
    await me.buy("STOCK", "AAPL", "2", "180", "2024-01-09T15:00:00Z");
    await me.buy("STOCK", "MSFT", "1", "400", "2025-06-02T15:00:00Z");
    const history = await me.ok<PortfolioHistory>("portfolioSummary.history", { range: "ALL" });
    const detail = await me.ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
      range: "ALL",
    });
    expect(history.points[0]).toMatchObject({ date: "2024-01-09", costBasis: "360" });
    expect(detail.startDate).toBe("2024-01-08");
    expect(history.points).toHaveLength(793);
    // The line starts with the money put in that day, not a value from nowhere.
    expect(history.benchmark!.points[0]).toEqual({ date: "2024-01-09", value: "360" });
  });
});
