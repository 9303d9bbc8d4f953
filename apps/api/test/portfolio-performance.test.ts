import type {
  PortfolioHistory,
  PortfolioPerformance,
  PortfolioPerformanceDetail,
  PortfolioSummary,
} from "@ledgerline/contracts";
import { divide, multiply, round, subtract } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "./support/test-app";
import { historyApp, historyUser } from "./transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * Daily closes of the pinned market (today is 2026-03-11): AAPL 245.59 (Mar 2), 247.64, 247.79,
 * 239.69 (Mar 5), 245.53 (Fri Mar 6, carried over the weekend), and today's price 245.65; BTC
 * 81600.71 (Sun Mar 8) and today's 84853.87.
 */
async function threeTrades() {
  const me = await historyApp();
  t = me.t;
  await me.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
  await me.sell("STOCK", "AAPL", "4", "250", "2026-03-05T15:00:00Z");
  await me.buy("CRYPTO", "BTC", "0.1", "81000", "2026-03-08T12:00:00Z");
  const rest = (query: string, token = me.user.token) =>
    me.t.request("GET", `/api/portfolio/performance${query}`, { token });
  return { ...me, rest };
}

describe("portfolio performance", () => {
  it("answers figures that reconcile by hand, the same through REST and tRPC", async () => {
    const { ok, rest } = await threeTrades();
    const detail = await ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
      range: "ALL",
    });
    const figures: PortfolioPerformance = {
      range: "ALL",
      // The eve of the first trade, when nothing was held.
      startDate: "2026-03-01",
      endDate: "2026-03-11",
      startValue: "0",
      // 6 AAPL x 245.65 + 0.1 BTC x 84853.87
      endValue: "9959.287",
      // 2400 in, 1000 out, 8100 in
      netFlows: "9500",
      // chain-linked: 2438.14/2400 x 1533.251/1438.14 x 9959.287/9633.251 - 1
      timeWeightedReturn: "0.11973399",
      moneyWeightedReturn: detail.moneyWeightedReturn,
      // 4 x (250 - 240)
      realizedGain: "40",
      // 9959.287 - (6 x 240 + 8100)
      unrealizedGain: "419.287",
      income: "0",
      totalReturn: "459.287",
      benchmark: { symbol: "SPY", timeWeightedReturn: detail.benchmark.timeWeightedReturn },
    };
    const { explanation, ...tRPCFigures } = detail;
    expect(tRPCFigures).toEqual(figures);

    expect(explanation.flows).toEqual([
      { date: "2026-03-02", amount: "2400" },
      { date: "2026-03-05", amount: "-1000" },
      { date: "2026-03-08", amount: "8100" },
    ]);
    expect(explanation.subPeriods).toEqual([
      // Opened with the money put in; ends before the sell's proceeds leave.
      {
        from: "2026-03-02",
        to: "2026-03-05",
        startValue: "2400",
        endValue: "2438.14",
        return: "0.01589167",
      },
      {
        from: "2026-03-05",
        to: "2026-03-08",
        startValue: "1438.14",
        endValue: "1533.251",
        return: "0.06613473",
      },
      {
        from: "2026-03-08",
        to: "2026-03-11",
        startValue: "9633.251",
        endValue: "9959.287",
        return: "0.03384486",
      },
    ]);
    expect(explanation.cashFlows).toEqual([
      { date: "2026-03-02", amount: "-2400" },
      { date: "2026-03-05", amount: "1000" },
      { date: "2026-03-08", amount: "-8100" },
      { date: "2026-03-11", amount: "9959.287" },
    ]);
    // The XIRR is the rate at which those flows are worth nothing on the first day.
    const rate = Number(detail.moneyWeightedReturn);
    const npv = explanation.cashFlows.reduce(
      (total, flow) =>
        total +
        Number(flow.amount) /
          Math.pow(1 + rate, (Date.parse(flow.date) - Date.parse("2026-03-02")) / 86_400_000 / 365),
      0,
    );
    expect(Math.abs(npv)).toBeLessThan(1e-3);

    // SPY from the close of the start to today, as the explanation gives them.
    const { startClose, endClose } = explanation.benchmark;
    expect(startClose).not.toBeNull();
    expect(detail.benchmark.timeWeightedReturn).toBe(
      round(subtract(divide(endClose!, startClose!, 20), "1"), 8),
    );

    const answer = await rest("?range=ALL");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(figures);
  });

  it("starts a period at the close of its first day, with what was held then", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("STOCK", "AAPL", "2", "200", "2025-06-02T15:00:00Z");
    const month = await me.ok<PortfolioPerformance>("portfolioSummary.performance", {
      range: "1M",
    });
    expect(month.startDate).toBe("2026-02-11");
    expect(month.netFlows).toBe("0");
    expect(month.realizedGain).toBe("0");
    expect(month.endValue).toBe("491.3");
    // Without flows, the time-weighted return is the price return, and the total return the
    // change in value.
    const priceReturn = Number(month.endValue) / Number(month.startValue) - 1;
    expect(Number(month.timeWeightedReturn)).toBeCloseTo(priceReturn, 8);
    expect(Number(month.totalReturn)).toBeCloseTo(
      Number(month.endValue) - Number(month.startValue),
      8,
    );

    const year = await me.ok<PortfolioPerformance>("portfolioSummary.performance", {
      range: "YTD",
    });
    expect(year.startDate).toBe("2025-12-31");
  });

  it("shows only the signed-in user's returns", async () => {
    const { t: app } = await threeTrades();
    const other = await historyUser(app);
    const theirs = await other.ok<PortfolioPerformance>("portfolioSummary.performance", {
      range: "ALL",
    });
    expect(theirs).toMatchObject({
      startValue: "0",
      endValue: "0",
      netFlows: "0",
      timeWeightedReturn: null,
      moneyWeightedReturn: null,
      realizedGain: "0",
      totalReturn: "0",
    });
  });

  it("refuses a range it does not know with a 400 through both doors, and strangers with a 401", async () => {
    const { query, rest } = await threeTrades();
    const bad = await rest("?range=2Y");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("range");
    expect((await rest("")).status).toBe(400);
    expect((await query("portfolioSummary.performance", { range: "2Y" })).status).toBe(400);
    expect((await rest("?range=1Y", "")).status).toBe(401);
  });

  it("adds realized gain, closed positions included, to the summary's total return", async () => {
    const me = await historyApp();
    t = me.t;
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
    await me.buy("STOCK", "AAPL", "10", "250", "2026-03-03T15:00:00Z");
    // The average is 245: 4 x (250 - 245).
    await me.sell("STOCK", "AAPL", "4", "250", "2026-03-05T15:00:00Z");
    await me.buy("CRYPTO", "BTC", "0.1", "80000", "2026-03-06T12:00:00Z");
    // Closed: 0.1 x (79000 - 80000).
    await me.sell("CRYPTO", "BTC", "0.1", "79000", "2026-03-07T12:00:00Z");

    const summary = await me.ok<PortfolioSummary>("portfolioSummary.get");
    expect(summary.stocks.positions[0]?.realizedGain).toBe("20");
    expect(summary.crypto.positions).toEqual([]);
    // 16 x 245.65 - 16 x 245
    expect(summary.total.gainLoss).toBe("10.4");
    expect(summary.returns).toEqual({
      realizedGain: "-80",
      unrealizedGain: "10.4",
      income: "0",
      totalReturn: "-69.6",
    });
  });

  it("draws SPY on the value chart scaled to the portfolio's start", async () => {
    const { ok } = await threeTrades();
    const history = await ok<PortfolioHistory>("portfolioSummary.history", { range: "1M" });
    const detail = await ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
      range: "ALL",
    });
    const line = history.benchmark!;
    expect(line.symbol).toBe("SPY");
    // It starts on the first day with a value, at that value.
    expect(line.points[0]).toEqual({ date: "2026-03-02", value: "2455.9" });
    expect(line.points.map((point) => point.date)).toEqual(
      history.points.map((point) => point.date),
    );
    // Today: SPY's close today / its close on 2 March x 2455.9.
    const closeOnStart = (
      await t!.app.deps.market.stocks.getDailyBars("SPY", "2026-03-02", "2026-03-02")
    )[0]!.c;
    expect(line.points.at(-1)!.value).toBe(
      divide(multiply(detail.explanation.benchmark.endClose!, "2455.9"), closeOnStart, 2),
    );
  });
});
