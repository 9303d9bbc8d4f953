/** The portfolio screens' constants (spec sections 5 and 9), without zod, for the browser. */

export const NOTES_MAX_LENGTH = 500;

/** The value chart's ranges: the returns' (below), so each figure has its chart. */
export const portfolioHistoryRanges = ["1M", "3M", "6M", "YTD", "1Y", "ALL"] as const;
export type PortfolioHistoryRange = (typeof portfolioHistoryRanges)[number];
/** The value chart opens on the range the returns panel opens on (issue 37): one default. */
export const DEFAULT_PORTFOLIO_HISTORY_RANGE: PortfolioHistoryRange = "1Y";

/** The periods the returns are measured over (issue 15); YTD starts after the last close of last year. */
export const performanceRanges = ["1M", "3M", "6M", "YTD", "1Y", "ALL"] as const;
export type PerformanceRange = (typeof performanceRanges)[number];
export const DEFAULT_PERFORMANCE_RANGE: PerformanceRange = "1Y";

/** The benchmark the returns are compared with: the S&P 500, through its best-known ETF. */
export const BENCHMARK_SYMBOL = "SPY";

/**
 * How the value chart compares the portfolio with the benchmark (issue 37): "contributions", the
 * portfolio's own net contributions invested in the benchmark on the same days (money); "return",
 * both as cumulative returns from the range's start (the portfolio's time-weighted).
 */
export const benchmarkBases = ["contributions", "return"] as const;
export type BenchmarkBasis = (typeof benchmarkBases)[number];
export const DEFAULT_BENCHMARK_BASIS: BenchmarkBasis = "contributions";

/**
 * How often a screen showing "Updating history from ..." asks whether the recompute has ended,
 * and only while it shows: there is no per-user event stream to say so (the live stream is the
 * quotes'), and a recompute runs for seconds.
 */
export const HISTORY_UPDATE_POLL_MS = 1_000;
