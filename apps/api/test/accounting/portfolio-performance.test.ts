import type {
  HoldingsPerformance,
  PortfolioHistory,
  PortfolioPerformance,
  PortfolioPerformanceDetail,
  PortfolioSummary,
} from "@ledgerline/contracts";
import { add, compoundedOver, divide, multiply, round, subtract } from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, historyUser, threeTradesApp } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * Daily closes of the pinned market (today is 2026-03-11): AAPL 257.62 (Mar 2), 259.95, 260.26,
 * 251.89 (Mar 5), 258.27 (Fri Mar 6, carried over the weekend), and today's price 258.79; BTC
 * 85248.57 (Sun Mar 8) and today's 88768.55.
 */
async function threeTrades() {
  const me = await threeTradesApp("/api/portfolio/performance");
  t = me.t;
  return me;
}

/** Two AAPL bought on 2 June 2025 and held since, without another trade. */
async function twoApplesSinceJune() {
  const me = await historyApp();
  t = me.t;
  await me.buy("STOCK", "AAPL", "2", "200", "2025-06-02T15:00:00Z");
  return me;
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
      // 6 AAPL x 258.79 + 0.1 BTC x 88768.55
      endValue: "10429.595",
      // 2400 in, 1000 out, 8100 in
      netFlows: "9500",
      // chain-linked: 2511.34/2400 x 1974.477/1511.34 x 10429.595/10074.477 - 1
      timeWeightedReturn: "0.41523679",
      moneyWeightedReturn: detail.moneyWeightedReturn,
      // The yearly rate over the 9 days from the first buy: (1 + XIRR)^(9 / 365) - 1.
      moneyWeightedReturnCumulative: compoundedOver(detail.moneyWeightedReturn, 9),
      // 4 x (250 - 240)
      realizedGain: "40",
      // 10429.595 - (6 x 240 + 8100)
      unrealizedGain: "889.595",
      income: "0",
      totalReturn: "929.595",
      benchmark: { symbol: "SPY", timeWeightedReturn: detail.benchmark.timeWeightedReturn },
    };
    const { explanation, ...tRPCFigures } = detail;
    expect(tRPCFigures).toEqual(figures);

    expect(explanation.flows).toEqual([
      { date: "2026-03-02", amount: "2400", kind: "trades", symbol: null },
      { date: "2026-03-05", amount: "-1000", kind: "trades", symbol: null },
      { date: "2026-03-08", amount: "8100", kind: "trades", symbol: null },
    ]);
    expect(explanation.subPeriods).toEqual([
      // Opened with the money put in; ends before the sell's proceeds leave.
      {
        from: "2026-03-02",
        to: "2026-03-05",
        startValue: "2400",
        endValue: "2511.34",
        return: "0.04639167",
      },
      {
        from: "2026-03-05",
        to: "2026-03-08",
        startValue: "1511.34",
        endValue: "1974.477",
        return: "0.3064413",
      },
      {
        from: "2026-03-08",
        to: "2026-03-11",
        startValue: "10074.477",
        endValue: "10429.595",
        return: "0.03524927",
      },
    ]);
    expect(explanation.cashFlows).toEqual([
      { date: "2026-03-02", amount: "-2400" },
      { date: "2026-03-05", amount: "1000" },
      { date: "2026-03-08", amount: "-8100" },
      { date: "2026-03-11", amount: "10429.595" },
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

    // SPY from the close of the start to today, as the explanation gives them; it goes ex no
    // dividend in these days, so its total return is its price return.
    const { startClose, endClose, dividends } = explanation.benchmark;
    expect(startClose).not.toBeNull();
    expect(dividends).toEqual([]);
    expect(detail.benchmark.timeWeightedReturn).toBe(
      round(subtract(divide(endClose!, startClose!, 20), "1"), 8),
    );

    const answer = await rest("?range=ALL");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(figures);
  });

  it("starts a period at the close of its first day, with what was held then", async () => {
    const me = await twoApplesSinceJune();
    const month = await me.ok<PortfolioPerformance>("portfolioSummary.performance", {
      range: "1M",
    });
    expect(month.startDate).toBe("2026-02-11");
    expect(month.netFlows).toBe("0");
    expect(month.realizedGain).toBe("0");
    expect(month.endValue).toBe("517.58");
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

  it("counts dividends paid as distributions: a payer held without trades returns its price move and its dividends, through both doors", async () => {
    const me = await twoApplesSinceJune();
    const detail = await me.ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
      range: "6M",
    });
    expect(detail.startDate).toBe("2025-09-11");
    // The simulated AAPL pays 0.62 a share on 2025-10-08 and 2026-01-07 (ex 2025-09-08 and
    // 2025-12-08, both while the 2 shares were held).
    const dividends = [
      { date: "2025-10-08", amount: "-1.24", kind: "dividend", symbol: "AAPL" },
      { date: "2026-01-07", amount: "-1.24", kind: "dividend", symbol: "AAPL" },
    ];
    expect(detail.explanation.flows).toEqual(dividends);
    expect(detail.income).toBe("2.48");
    expect(detail.netFlows).toBe("0");
    expect(detail.explanation.cashFlows).toEqual([
      { date: "2025-09-11", amount: `-${detail.startValue}` },
      { date: "2025-10-08", amount: "1.24" },
      { date: "2026-01-07", amount: "1.24" },
      { date: "2026-03-11", amount: detail.endValue },
    ]);

    // AAPL's own total return over the period from its closes: P_end / P_start x each
    // (P_pay + D) / P_pay, today at the current price (the end value over the 2 shares).
    const closeOn = async (day: string) =>
      (await t!.app.deps.market.stocks.getDailyBars("AAPL", day, day))[0]!.c;
    const [startClose, octoberClose, januaryClose] = await Promise.all(
      ["2025-09-11", "2025-10-08", "2026-01-07"].map(closeOn),
    );
    expect(detail.startValue).toBe(multiply("2", startClose!));
    const endPrice = divide(detail.endValue, "2", 2);
    const priceReturn = divide(endPrice, startClose!, 20);
    const reinvested = (close: string) => divide(add(close, "0.62"), close, 20);
    const expected = subtract(
      multiply(multiply(priceReturn, reinvested(octoberClose!)), reinvested(januaryClose!)),
      "1",
    );
    expect(Math.abs(Number(subtract(detail.timeWeightedReturn!, expected)))).toBeLessThanOrEqual(
      1e-8,
    );
    // Pinned from the simulated market, so a change of either side shows.
    expect(detail.timeWeightedReturn).toBe("-0.01975668");
    expect(detail.moneyWeightedReturn).toBe("-0.03991042");
    // The dividends lift the return above the price move alone.
    expect(Number(detail.timeWeightedReturn)).toBeGreaterThan(Number(priceReturn) - 1);

    const { explanation, ...figures } = detail;
    const rest = await me.t.request("GET", "/api/portfolio/performance?range=6M", {
      token: me.user.token,
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(figures);
    expect(explanation.subPeriods.map((piece) => piece.to)).toEqual([
      "2025-10-08",
      "2026-01-07",
      "2026-03-11",
    ]);
  });

  it("counts a dividend paid after everything was sold in the time-weighted return, the portfolio's and the holding's, through both doors", async () => {
    const me = await twoApplesSinceJune();
    // Both sold on 15 December, after AAPL went ex its 0.62 on 8 December and before it was paid
    // on 7 January.
    await me.sell("STOCK", "AAPL", "2", "250", "2025-12-15T15:00:00Z");
    const detail = await me.ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
      range: "6M",
    });
    expect(detail.income).toBe("2.48");
    expect(detail.endValue).toBe("0");
    const closeOn = async (day: string) =>
      (await me.t.app.deps.market.stocks.getDailyBars("AAPL", day, day))[0]!.c;
    const [startClose, octoberClose] = await Promise.all(["2025-09-11", "2025-10-08"].map(closeOn));
    const [start, october] = [multiply("2", startClose!), multiply("2", octoberClose!)];
    // The pieces: to the October pay date, ending at the value plus its 1.24; then to the sale,
    // ending at the 500 of proceeds plus the 1.24 paid in January on the shares sold.
    expect(detail.explanation.subPeriods.map((piece) => [piece.to, piece.endValue])).toEqual([
      ["2025-10-08", add(october, "1.24")],
      ["2025-12-15", "501.24"],
    ]);
    const expected = round(
      subtract(
        multiply(divide(add(october, "1.24"), start, 20), divide("501.24", october, 20)),
        "1",
      ),
      8,
    );
    expect(detail.timeWeightedReturn).toBe(expected);
    // The XIRR receives the January dividend when it was paid.
    expect(detail.explanation.cashFlows.at(-1)).toEqual({ date: "2026-01-07", amount: "1.24" });

    const holdings = await me.ok<HoldingsPerformance>("portfolioSummary.holdingPerformance", {
      range: "6M",
    });
    expect(holdings.holdings).toHaveLength(1);
    expect(holdings.holdings[0]).toMatchObject({
      symbol: "AAPL",
      income: "2.48",
      timeWeightedReturn: expected,
    });

    const { explanation: _explanation, ...figures } = detail;
    const rest = await me.t.request("GET", "/api/portfolio/performance?range=6M", {
      token: me.user.token,
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(figures);
    const restHoldings = await me.t.request("GET", "/api/portfolio/performance/holdings?range=6M", {
      token: me.user.token,
    });
    expect(restHoldings.status).toBe(200);
    expect(restHoldings.body).toEqual(holdings);
  });

  it("compares with SPY's total return: its dividends reinvested on their ex-dates, through both doors", async () => {
    const me = await twoApplesSinceJune();
    const detail = await me.ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
      range: "6M",
    });
    const closeOn = async (day: string) =>
      (await me.t.app.deps.market.stocks.getDailyBars("SPY", day, day))[0]!.c;
    const [start, beforeNovember, november, beforeFebruary, february, end] = await Promise.all(
      ["2025-09-11", "2025-11-17", "2025-11-18", "2026-02-17", "2026-02-18", "2026-03-11"].map(
        closeOn,
      ),
    );
    const benchmark = detail.explanation.benchmark;
    expect(benchmark.startClose).toBe(start);
    expect(benchmark.endClose).toBe(end);
    // The simulated SPY goes ex 2.69 on 2025-11-18 and 2.83 on 2026-02-18.
    expect(benchmark.dividends).toEqual([
      { exDate: "2025-11-18", amount: "2.69", previousClose: beforeNovember, exClose: november },
      { exDate: "2026-02-18", amount: "2.83", previousClose: beforeFebruary, exClose: february },
    ]);
    // Day by day, an ex-date's move is (close + dividend) / previous close.
    const chained =
      (Number(beforeNovember) / Number(start!)) *
        ((Number(november) + 2.69) / Number(beforeNovember)) *
        (Number(beforeFebruary) / Number(november)) *
        ((Number(february) + 2.83) / Number(beforeFebruary)) *
        (Number(end) / Number(february)) -
      1;
    expect(Math.abs(Number(detail.benchmark.timeWeightedReturn) - chained)).toBeLessThan(1e-8);
    expect(detail.benchmark.timeWeightedReturn).toBe("0.04845778");
    // More than the price return by about the two dividends' yield.
    const priceReturn = Number(end) / Number(start!) - 1;
    expect(Number(detail.benchmark.timeWeightedReturn) - priceReturn).toBeGreaterThan(0.008);

    const rest = await me.t.request("GET", "/api/portfolio/performance?range=6M", {
      token: me.user.token,
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ benchmark: detail.benchmark });
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
    // 16 x 258.79 - 16 x 245
    expect(summary.total.gainLoss).toBe("220.64");
    expect(summary.returns).toEqual({
      realizedGain: "-80",
      unrealizedGain: "220.64",
      income: "0",
      totalReturn: "140.64",
    });
  });

  it("ends the chart's SPY return line at the benchmark's return for the range: dividends reinvested, as the figure, through tRPC and REST", async () => {
    const me = await twoApplesSinceJune();
    for (const range of ["1M", "3M", "6M", "YTD", "1Y", "ALL"] as const) {
      const history = await me.ok<PortfolioHistory>("portfolioSummary.history", {
        range,
        benchmark: "return",
      });
      const detail = await me.ok<PortfolioPerformanceDetail>("portfolioSummary.performance", {
        range,
      });
      // YTD's chart starts at the close its returns start from: the last of last year.
      if (range === "YTD") {
        expect(detail.startDate).toBe("2025-12-31");
        expect(history.points[0]).toMatchObject({ date: "2025-12-31", timeWeightedReturn: "0" });
      }
      const rest = await me.t.request("GET", `/api/portfolio/performance?range=${range}`, {
        token: me.user.token,
      });
      expect(rest.status).toBe(200);
      // The figure as both doors give it.
      const figure = detail.benchmark.timeWeightedReturn;
      expect(rest.body).toMatchObject({ benchmark: { timeWeightedReturn: figure } });

      const restHistory = await me.t.request(
        "GET",
        `/api/portfolio/history?range=${range}&benchmark=return`,
        { token: me.user.token },
      );
      expect(restHistory.status).toBe(200);
      expect(restHistory.body).toEqual(history);

      const points = history.benchmark!.points;
      expect(points.map((point) => point.date)).toEqual(history.points.map((p) => p.date));
      expect({ range, lineReturn: points.at(-1)!.value }).toEqual({ range, lineReturn: figure });
      expect(history.points.at(-1)!.timeWeightedReturn).toBe(detail.timeWeightedReturn);
    }
    // The REST door refuses a range it does not know, where tRPC's stale links take the default.
    const unknown = await me.t.request("GET", "/api/portfolio/history?range=2Y", {
      token: me.user.token,
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain("range");
    // Over 6 months SPY went ex twice (2.69 and 2.83): its price alone returns about 0.9% less,
    // and the line no longer follows it. The range starts at the close of its first day, at 0.
    const history = await me.ok<PortfolioHistory>("portfolioSummary.history", {
      range: "6M",
      benchmark: "return",
    });
    const points = history.benchmark!.points;
    expect(points[0]).toEqual({ date: "2025-09-11", value: "0" });
    expect(history.points[0]!.timeWeightedReturn).toBe("0");
    const closeOn = async (day: string) =>
      (await me.t.app.deps.market.stocks.getDailyBars("SPY", day, day))[0]!.c;
    const [start, end] = await Promise.all(["2025-09-11", "2026-03-11"].map(closeOn));
    const lineReturn = Number(points.at(-1)!.value);
    expect(lineReturn).toBeCloseTo(0.04845778, 8);
    expect(lineReturn - (Number(end) / Number(start) - 1)).toBeGreaterThan(0.008);
  });
});
