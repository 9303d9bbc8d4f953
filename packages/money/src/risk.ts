import type { Decimal } from "./decimal";
import { divideHalfEven, formatFixed, parseFixed, tenTo } from "./fixed-point";

/**
 * How risky a portfolio has been (issue 33), in BigInt units throughout (decision 0045): its
 * daily returns worked from a growth index (1 + the cumulative time-weighted return), their
 * sample variance and covariance as exact rationals, and each square root an integer square root
 * at a fixed scale. No float touches a return.
 */

/** Figures are answered to this many places, half-even (the returns' precision). */
export const RISK_DECIMALS = 8;
/** Trading days a year: the daily figures are annualized by this and its square root. */
export const TRADING_DAYS_PER_YEAR = 252;

/** Daily returns are kept at this scale (units of 10^-20). */
const SCALE = 20;
const ONE = tenTo(SCALE);
const DAYS = BigInt(TRADING_DAYS_PER_YEAR);

/** A close of the growth index: 1 + the cumulative return from the period's start. */
export interface IndexClose {
  date: string;
  /** 1 + the cumulative return to this close. */
  value: Decimal;
}

/** The largest integer whose square is at most `n` (Newton's method on BigInt). */
export function integerSquareRoot(n: bigint): bigint {
  if (n < 0n) throw new RangeError("no square root of a negative number");
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const next = (x + n / x) >> 1n;
    if (next >= x) return x;
    x = next;
  }
}

const unitsAt = (value: Decimal, scale: number): bigint => {
  const fixed = parseFixed(value);
  if (!fixed) throw new RangeError(`not a plain decimal: ${value}`);
  return fixed.scale <= scale
    ? fixed.units * tenTo(scale - fixed.scale)
    : divideHalfEven(fixed.units, tenTo(fixed.scale - scale));
};

/** `units` at `scale`, answered at RISK_DECIMALS places, half-even. */
const answer = (units: bigint, scale: number): Decimal =>
  formatFixed(divideHalfEven(units, tenTo(scale - RISK_DECIMALS)), RISK_DECIMALS);

/**
 * The return from each close to the next, at 20 places: index[i] / index[i-1] - 1. An index at
 * or below zero has no return from it (a loss of everything); such a step is left out.
 */
export function dailyReturnsOf(index: readonly Decimal[]): bigint[] {
  const units = index.map((value) => unitsAt(value, SCALE));
  const returns: bigint[] = [];
  for (let i = 1; i < units.length; i += 1) {
    const before = units[i - 1]!;
    if (before <= 0n) continue;
    returns.push(divideHalfEven(units[i]! * ONE, before) - ONE);
  }
  return returns;
}

/** n·Σxy − Σx·Σy: n² times the covariance's numerator, exact (scale 40). */
const spread = (xs: readonly bigint[], ys: readonly bigint[]): bigint => {
  const n = BigInt(xs.length);
  let sx = 0n;
  let sy = 0n;
  let sxy = 0n;
  xs.forEach((x, i) => {
    const y = ys[i]!;
    sx += x;
    sy += y;
    sxy += x * y;
  });
  return n * sxy - sx * sy;
};

/** What the volatility and the Sharpe ratio are worked from, and they themselves. */
export interface VolatilityFigures {
  days: number;
  meanDailyReturn: Decimal;
  /** The sample standard deviation of the daily returns (n − 1). */
  dailyStandardDeviation: Decimal;
  /** The mean daily return × 252. */
  annualizedReturn: Decimal;
  /** The daily standard deviation × √252. */
  volatility: Decimal;
  /** (annualized return − risk-free rate) / volatility; null when nothing varied. */
  sharpeRatio: Decimal | null;
}

/**
 * The annualized volatility of daily returns and the Sharpe ratio. `returns` are daily returns
 * at 20 places (dailyReturnsOf); null for fewer than two (a sample variance needs two).
 */
export function volatilityOf(
  returns: readonly bigint[],
  riskFreeRate: Decimal = "0",
): VolatilityFigures | null {
  const count = returns.length;
  if (count < 2) return null;
  const n = BigInt(count);
  const total = returns.reduce((a, b) => a + b, 0n);
  // Sample variance = (nΣr² − (Σr)²) / (n(n − 1)), at scale 40; its root at scale 40 wants 80.
  const q = spread(returns, returns);
  const lift = tenTo(2 * SCALE);
  const dailyDeviation = integerSquareRoot((q * lift) / (n * (n - 1n)));
  const yearly = integerSquareRoot((q * DAYS * lift) / (n * (n - 1n)));
  // The mean at scale 40 (exact over n, half-even), annualized.
  const annual40 = divideHalfEven(total * DAYS * ONE, n);
  const excess = annual40 - unitsAt(riskFreeRate, 2 * SCALE);
  return {
    days: count,
    meanDailyReturn: answer(divideHalfEven(total * ONE, n), 2 * SCALE),
    dailyStandardDeviation: answer(dailyDeviation, 2 * SCALE),
    annualizedReturn: answer(annual40, 2 * SCALE),
    volatility: answer(yearly, 2 * SCALE),
    sharpeRatio:
      yearly === 0n
        ? null
        : formatFixed(divideHalfEven(excess * tenTo(RISK_DECIMALS), yearly), RISK_DECIMALS),
  };
}

/** How the portfolio moved with its benchmark, day by day. */
export interface BenchmarkFigures {
  days: number;
  /** The sample covariance of the two's daily returns. */
  covariance: Decimal;
  benchmarkDailyStandardDeviation: Decimal;
  /** covariance / the benchmark's variance; null when the benchmark never moved. */
  beta: Decimal | null;
  /** covariance / (both standard deviations); null when either never moved. */
  correlation: Decimal | null;
}

/**
 * Beta and correlation of `returns` against `benchmark`, the same days' daily returns at 20
 * places. Null for fewer than two days.
 */
export function againstBenchmark(
  returns: readonly bigint[],
  benchmark: readonly bigint[],
): BenchmarkFigures | null {
  const count = returns.length;
  if (count < 2 || benchmark.length !== count) return null;
  const n = BigInt(count);
  const qxy = spread(returns, benchmark);
  const qxx = spread(returns, returns);
  const qbb = spread(benchmark, benchmark);
  const lift = tenTo(2 * SCALE);
  const ratio = (numerator: bigint, denominator: bigint) =>
    denominator === 0n
      ? null
      : formatFixed(divideHalfEven(numerator * tenTo(RISK_DECIMALS), denominator), RISK_DECIMALS);
  // √(qxx·qbb) at scale 40; the quotient is a ratio of the two, whatever their common factor.
  const both = integerSquareRoot(qxx * qbb);
  const correlation = ratio(qxy, both);
  return {
    days: count,
    covariance: answer(divideHalfEven(qxy * lift, n * (n - 1n)), 4 * SCALE),
    benchmarkDailyStandardDeviation: answer(
      integerSquareRoot((qbb * lift) / (n * (n - 1n))),
      2 * SCALE,
    ),
    beta: ratio(qxy, qbb),
    // The root is cut down, so a perfect match could read a hair above 1: held to [-1, 1].
    correlation: correlation === null ? null : clampUnit(correlation),
  };
}

const clampUnit = (value: Decimal): Decimal => {
  const units = unitsAt(value, RISK_DECIMALS);
  const unit = tenTo(RISK_DECIMALS);
  if (units > unit) return "1";
  if (units < -unit) return "-1";
  return value;
};

/** The deepest fall from a high, and when it came back. */
export interface Drawdown {
  /** The fall from the peak to the trough, a ratio at or below 0 (-0.1 = a 10% fall). */
  value: Decimal;
  /** Null when the index never fell below a high. */
  peakDate: string | null;
  troughDate: string | null;
  /** The first close back at the peak's level after the trough; null when not yet. */
  recoveryDate: string | null;
}

/** The maximum drawdown of a growth index; null for fewer than two closes. */
export function maxDrawdownOf(closes: readonly IndexClose[]): Drawdown | null {
  if (closes.length < 2) return null;
  const units = closes.map((close) => unitsAt(close.value, SCALE));
  let peak = 0;
  let worst: { peak: number; trough: number; fall: bigint } | null = null;
  for (let i = 0; i < units.length; i += 1) {
    if (units[i]! > units[peak]!) peak = i;
    const high = units[peak]!;
    if (high <= 0n) continue;
    // value / high − 1 at scale 20: below zero when under the high.
    const fall = divideHalfEven(units[i]! * ONE, high) - ONE;
    if (fall < 0n && (worst === null || fall < worst.fall)) worst = { peak, trough: i, fall };
  }
  if (worst === null) return { value: "0", peakDate: null, troughDate: null, recoveryDate: null };
  const { peak: peakAt, trough, fall } = worst;
  const level = units[peakAt]!;
  const back = units.findIndex((value, i) => i > trough && value >= level);
  return {
    value: answer(fall, SCALE),
    peakDate: closes[peakAt]!.date,
    troughDate: closes[trough]!.date,
    recoveryDate: back === -1 ? null : closes[back]!.date,
  };
}
