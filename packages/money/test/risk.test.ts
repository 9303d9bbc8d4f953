import { describe, expect, it } from "vitest";
import {
  againstBenchmark,
  dailyReturnsOf,
  integerSquareRoot,
  maxDrawdownOf,
  volatilityOf,
} from "../src";

/**
 * A short series worked by hand. The portfolio's growth index 1, 1.02, 1.02, 1.0302: daily
 * returns 2%, 0%, 1%; mean 1%; sample variance ((0.01)² + (0.01)² + 0²) / 2 = 0.0001, a daily
 * standard deviation of 0.01. SPY's 1, 1.01, 1.01, 0.9999: returns 1%, 0%, -1%, mean 0, variance
 * 0.0001; the covariance (0.01 × 0.01 + (-0.01) × 0 + 0 × (-0.01)) / 2 = 0.00005.
 */
const portfolio = dailyReturnsOf(["1", "1.02", "1.02", "1.0302"]);
const spy = dailyReturnsOf(["1", "1.01", "1.01", "0.9999"]);

describe("the risk figures on a short known series", () => {
  it("works each day's return from the growth index, exactly", () => {
    const percent = 10n ** 18n;
    expect(portfolio).toEqual([2n * percent, 0n, percent]);
    expect(spy).toEqual([percent, 0n, -percent]);
  });

  it("annualizes the sample standard deviation by the square root of 252", () => {
    // 0.01 × √252 = 0.158745078663875435...
    expect(volatilityOf(portfolio)).toEqual({
      days: 3,
      meanDailyReturn: "0.01",
      dailyStandardDeviation: "0.01",
      annualizedReturn: "2.52",
      volatility: "0.15874508",
      // 2.52 / 0.158745078663875435... = √252 = 15.874507866387543...
      sharpeRatio: "15.87450787",
    });
  });

  it("takes the risk-free rate off the annualized return in the Sharpe ratio", () => {
    // (2.52 - 0.04) / 0.158745078663875435... = 15.622531551048058...
    expect(volatilityOf(portfolio, "0.04")?.sharpeRatio).toBe("15.62253155");
  });

  it("answers no volatility from fewer than two returns, and no Sharpe ratio when nothing varied", () => {
    expect(volatilityOf([])).toBeNull();
    expect(volatilityOf(dailyReturnsOf(["1", "1.5"]))).toBeNull();
    const flat = volatilityOf(dailyReturnsOf(["1", "1.01", "1.0201"]));
    expect(flat).toMatchObject({ volatility: "0", sharpeRatio: null });
  });

  it("works beta and correlation against the benchmark on the same days", () => {
    // beta = 0.00005 / 0.0001; correlation = 0.00005 / (0.01 × 0.01).
    expect(againstBenchmark(portfolio, spy)).toEqual({
      days: 3,
      covariance: "0.00005",
      benchmarkDailyStandardDeviation: "0.01",
      beta: "0.5",
      correlation: "0.5",
    });
    // Moving exactly twice as far: beta 2, perfectly correlated (never a hair above 1).
    const double = spy.map((r) => 2n * r);
    expect(againstBenchmark(double, spy)).toMatchObject({ beta: "2", correlation: "1" });
    expect(
      againstBenchmark(
        spy.map((r) => -r),
        spy,
      ),
    ).toMatchObject({ correlation: "-1" });
  });

  it("answers no beta when the benchmark never moved, and nothing for fewer than two days", () => {
    expect(againstBenchmark(portfolio, [0n, 0n, 0n])).toMatchObject({
      beta: null,
      correlation: null,
    });
    expect(againstBenchmark(portfolio.slice(0, 1), spy.slice(0, 1))).toBeNull();
  });
});

const closes = (values: string[]) =>
  values.map((value, i) => ({ date: `2026-03-0${i + 1}`, value }));

describe("the maximum drawdown", () => {
  it("names the peak, the trough and the first close back at the peak", () => {
    // 110 down to 99 is -10%; back at 110 on the fifth close.
    expect(maxDrawdownOf(closes(["1", "1.1", "0.99", "1.05", "1.1", "1.2"]))).toEqual({
      value: "-0.1",
      peakDate: "2026-03-02",
      troughDate: "2026-03-03",
      recoveryDate: "2026-03-05",
    });
  });

  it("answers no recovery while the index is still under the peak", () => {
    expect(maxDrawdownOf(closes(["1", "1.1", "0.99", "1.05"]))).toMatchObject({
      value: "-0.1",
      recoveryDate: null,
    });
  });

  it("takes the deepest of several falls, from its own peak", () => {
    // 1.2 -> 1.08 is -10%; 1.25 -> 1 is -20%, not yet recovered.
    expect(maxDrawdownOf(closes(["1", "1.2", "1.08", "1.25", "1", "1.1"]))).toEqual({
      value: "-0.2",
      peakDate: "2026-03-04",
      troughDate: "2026-03-05",
      recoveryDate: null,
    });
  });

  it("answers a fall of 0 with no dates when it only rose, and nothing from one close", () => {
    expect(maxDrawdownOf(closes(["1", "1.1", "1.2"]))).toEqual({
      value: "0",
      peakDate: null,
      troughDate: null,
      recoveryDate: null,
    });
    expect(maxDrawdownOf(closes(["1"]))).toBeNull();
  });
});

describe("the integer square root", () => {
  it("is the largest integer whose square does not pass the number", () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 40n, 10n ** 40n - 1n]) {
      const root = integerSquareRoot(n);
      expect(root * root <= n && (root + 1n) * (root + 1n) > n).toBe(true);
    }
    // √252 = 15.8745078663875435430096...
    expect(integerSquareRoot(252n * 10n ** 40n)).toBe(1587450786638754354300n);
  });
});
