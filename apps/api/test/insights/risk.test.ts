import type { PortfolioHistory, PortfolioRisk } from "@ledgerline/contracts";
import {
  againstBenchmark,
  add,
  dailyReturnsOf,
  maxDrawdownOf,
  volatilityOf,
} from "@ledgerline/money";
import { afterEach, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, threeTradesApp } from "../support/transactions-support";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/**
 * The returns tests' portfolio on the pinned market: $2,400 put in on Monday 2 March 2026 (10
 * AAPL at 240), $1,000 taken out on the 5th (4 sold at 250), $8,100 put in on Sunday the 8th
 * (0.1 BTC at 81000); today is Wednesday 11 March. Its chart has ten closes, eight of them on
 * weekdays: seven daily returns.
 */
async function threeTrades() {
  const me = await threeTradesApp("/api/portfolio/risk");
  t = me.t;
  return me;
}

const weekday = (date: string) => ![0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

/** The figures worked again from the value chart's own return line, as the risk read says. */
function fromChart(history: PortfolioHistory, riskFreeRate = "0") {
  const held = history.points.filter((point) => typeof point.timeWeightedReturn === "string");
  const growth = (value: string) => add("1", value);
  const days = held.filter((point) => weekday(point.date));
  const returns = dailyReturnsOf(days.map((point) => growth(point.timeWeightedReturn!)));
  const spy = new Map(history.benchmark!.points.map((point) => [point.date, point.value]));
  const spyReturns = dailyReturnsOf(days.map((point) => growth(spy.get(point.date)!)));
  return {
    volatility: volatilityOf(returns, riskFreeRate)!,
    compared: againstBenchmark(returns, spyReturns)!,
    drawdown: maxDrawdownOf(
      held.map((point) => ({ date: point.date, value: growth(point.timeWeightedReturn!) })),
    )!,
  };
}

describe("how risky the portfolio has been", () => {
  it("works every figure from the value chart's return line, the same through both doors", async () => {
    const { ok, rest } = await threeTrades();
    const risk = await ok<PortfolioRisk>("insights.risk", { range: "ALL" });
    const history = await ok<PortfolioHistory>("portfolioSummary.history", {
      range: "ALL",
      benchmark: "return",
    });
    const { volatility, compared, drawdown } = fromChart(history);
    expect(risk).toMatchObject({
      range: "ALL",
      startDate: "2026-03-02",
      endDate: "2026-03-11",
      days: 7,
      tradingDaysPerYear: 252,
      riskFreeRate: "0",
      benchmark: { symbol: "SPY", days: 7 },
      volatility: { value: volatility.volatility, reason: null },
      sharpeRatio: { value: volatility.sharpeRatio, reason: null },
      beta: { value: compared.beta, reason: null },
      correlation: { value: compared.correlation, reason: null },
      maxDrawdown: { ...drawdown, reason: null, closes: 10 },
      explanation: {
        meanDailyReturn: volatility.meanDailyReturn,
        dailyStandardDeviation: volatility.dailyStandardDeviation,
        annualizedReturn: volatility.annualizedReturn,
        covariance: compared.covariance,
        benchmarkDailyStandardDeviation: compared.benchmarkDailyStandardDeviation,
      },
    });
    for (const figure of [risk.volatility, risk.sharpeRatio, risk.beta, risk.correlation]) {
      expect(figure.value).toMatch(/^-?\d+(\.\d{1,8})?$/);
    }
    const answer = await rest("?range=ALL");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(risk);
  });

  it("does not count a deposit or a buy paid from outside as a return", async () => {
    const { ok } = await threeTrades();
    const risk = await ok<PortfolioRisk>("insights.risk", { range: "ALL" });
    // The value went from about $1,600 to about $9,800 over the weekend of the BTC buy: taken as a
    // return, that one day alone would put the volatility above 1,000%. Time-weighted, it is
    // the week's price moves of AAPL and BTC.
    expect(Number(risk.volatility.value)).toBeGreaterThan(0);
    expect(Number(risk.volatility.value)).toBeLessThan(2);
    expect(Number(risk.explanation.meanDailyReturn)).toBeLessThan(0.1);
  });

  it("takes the configured risk-free rate off the Sharpe ratio", async () => {
    const me = await historyApp({ env: { RISK_FREE_RATE: "0.04" } });
    t = me.t;
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-02T15:00:00Z");
    const risk = await me.ok<PortfolioRisk>("insights.risk", { range: "1M" });
    const history = await me.ok<PortfolioHistory>("portfolioSummary.history", {
      range: "1M",
      benchmark: "return",
    });
    expect(risk.riskFreeRate).toBe("0.04");
    const { volatility } = fromChart(history, "0.04");
    expect(risk.sharpeRatio.value).toBe(volatility.sharpeRatio);
    expect(risk.sharpeRatio.value).not.toBe(fromChart(history).volatility.sharpeRatio);
  });

  it("answers null figures with a reason when there are too few days, never a 5xx", async () => {
    const me = await historyApp();
    t = me.t;
    const empty = await me.ok<PortfolioRisk>("insights.risk", { range: "1Y" });
    expect(empty).toMatchObject({
      days: 0,
      startDate: null,
      volatility: { value: null, reason: "Nothing was held in this range." },
      maxDrawdown: { value: null, reason: "Nothing was held in this range.", closes: 0 },
      beta: { value: null, reason: "Nothing was held in this range." },
    });
    // Bought yesterday: two closes, one of them a weekday's return.
    await me.buy("STOCK", "AAPL", "10", "240", "2026-03-10T15:00:00Z");
    const short = await me.ok<PortfolioRisk>("insights.risk", { range: "1M" });
    expect(short).toMatchObject({
      days: 1,
      volatility: { value: null },
      sharpeRatio: { value: null },
      beta: { value: null },
      correlation: { value: null },
      maxDrawdown: { closes: 2, reason: null },
    });
    expect(short.volatility.reason).toContain("this range has 1");
    expect(JSON.stringify(short)).not.toContain("NaN");
  });

  it("is the user's alone: 401 signed out, 400 for a bad range, 404 for another's account", async () => {
    const { t: app, rest, query } = await threeTrades();
    expect((await rest("?range=1M", "")).status).toBe(401);
    expect((await app.trpc("query", "insights.risk", { range: "1M" })).status).toBe(401);
    const bad = await rest("?range=2W");
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("range");
    expect((await query("insights.risk", { range: "2W" })).status).toBe(400);
    expect((await rest("")).status).toBe(400);
    expect((await rest("?range=1M&accountId=999999")).status).toBe(404);
  });
});
