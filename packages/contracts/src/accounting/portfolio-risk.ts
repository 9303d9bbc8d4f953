import { z } from "zod";
import { calendarDate, decimalString } from "../market/market";
import { performanceRanges } from "../trading/portfolio-constants";
import { historyUpdating } from "./history-updating";

/**
 * How risky the portfolio has been over a range (issue 33). The daily returns are the value
 * chart's return line (`GET /api/portfolio/history?benchmark=return`) taken from one weekday close
 * to the next: the time-weighted return, so a deposit or a buy paid from outside is not a return.
 * Ratios are exact decimal strings to eight places (0.1234 = 12.34%). A figure that cannot be
 * worked is null with a `reason`, never NaN.
 */
export const riskFigure = z.object({
  value: decimalString.nullable(),
  /** Why the value is null; null when there is a value. */
  reason: z.string().nullable(),
});
export type RiskFigure = z.infer<typeof riskFigure>;

export const portfolioRisk = z.object({
  range: z.enum(performanceRanges),
  /** The first and the last close of the chart the figures are worked from; null with none. */
  startDate: calendarDate.nullable(),
  endDate: calendarDate.nullable(),
  updating: historyUpdating,
  /** The daily returns the volatility, Sharpe ratio, beta and correlation are worked from. */
  days: z.number().int().nonnegative(),
  /** The daily figures are annualized by this (and its square root). */
  tradingDaysPerYear: z.number().int().min(1),
  /** The yearly risk-free rate the Sharpe ratio takes off (RISK_FREE_RATE, 0 by default). */
  riskFreeRate: decimalString,
  benchmark: z.object({
    symbol: z.string(),
    /** The days both the portfolio and the benchmark had a return on: beta's and correlation's. */
    days: z.number().int().nonnegative(),
  }),
  /** The sample standard deviation of the daily returns x the square root of 252. */
  volatility: riskFigure,
  /** (the mean daily return x 252 - the risk-free rate) / the volatility. */
  sharpeRatio: riskFigure,
  /** The covariance of the daily returns with the benchmark's / the benchmark's variance. */
  beta: riskFigure,
  /** The covariance / (the two standard deviations). */
  correlation: riskFigure,
  /**
   * The deepest fall of the growth index (1 + the time-weighted return) from a high, over every
   * close of the chart: a ratio at or below 0 (-0.1 = 10% down from the peak). The recovery is
   * the first close back at the peak's level; null when it has not come back.
   */
  maxDrawdown: riskFigure.extend({
    /** The closes it is worked from. */
    closes: z.number().int().nonnegative(),
    peakDate: calendarDate.nullable(),
    troughDate: calendarDate.nullable(),
    recoveryDate: calendarDate.nullable(),
  }),
  /** What the figures are worked from, for the 'Explain' panels. Null where not worked. */
  explanation: z.object({
    meanDailyReturn: decimalString.nullable(),
    dailyStandardDeviation: decimalString.nullable(),
    annualizedReturn: decimalString.nullable(),
    benchmarkDailyStandardDeviation: decimalString.nullable(),
    covariance: decimalString.nullable(),
  }),
});
export type PortfolioRisk = z.infer<typeof portfolioRisk>;

/** Why a risk figure is missing. */
export const riskReasons = {
  nothingHeld: "Nothing was held in this range.",
  tooFewDays: (days: number) =>
    `Needs at least 2 daily returns (3 weekday closes); this range has ${days}.`,
  tooFewCloses: "Needs at least 2 closes in this range.",
  noVariation: "The daily returns never varied, so there is no volatility to divide by.",
  noBenchmark: "The benchmark has no prices for these days.",
  benchmarkFlat: "The benchmark never moved on these days.",
} as const;
