import {
  BENCHMARK_SYMBOL,
  type BenchmarkBasis,
  type PortfolioHistory,
  type PortfolioHistoryPoint,
} from "@ledgerline/contracts";
import type { PaidIncome } from "@ledgerline/db";
import { add, investedAlong, timeWeightedReturns, type Decimal } from "@ledgerline/money";
import { benchmarkReturns } from "./benchmark";
import { timeWeightedDays, type PeriodDay } from "./period-returns";
import { NOTHING_HELD, type ValuedDay } from "./portfolio-valuation";
import type { AppDeps } from "../platform/scope";
import { Turns } from "../platform/turns";

/**
 * The value chart's benchmark, like with like both ways (issue 37). The S&P 500 line used to be
 * the money the period started from grown by SPY's return, ignoring every later buy and sale: a
 * portfolio fed $47k over the year then seemed to beat the index tenfold. Now either:
 * - "contributions": the portfolio's own net contributions (buys at cost less sells' proceeds;
 *   its value at the start when the range starts after the first trade) put into SPY, or taken
 *   out of it, at the close of their days (money/invested.ts), SPY's dividends reinvested; or
 * - "return": the portfolio's time-weighted return from the range's start to each close, beside
 *   SPY's total return from the same close.
 * Both start where the returns of the same range start (period-start.ts): ALL, and a range
 * reaching back before the first trade, on the eve of the first trade, with nothing held.
 */
/** A chart day: with the cash of the cash-tracked accounts shown inside its total value. */
export type ChartDay = ValuedDay & { cashValue?: Decimal };

export interface ComparedHistory {
  points: PortfolioHistoryPoint[];
  benchmark: PortfolioHistory["benchmark"];
}

/**
 * What the "return" line is worked from, as the Returns panel's figure of the range is: the
 * dividends paid in the period out of the chart's days, or (a cash-tracked account, whose value
 * holds its cash) `days` of its own, every day from the period's start to today.
 */
export interface ReturnDays {
  days?: readonly PeriodDay[];
  dividends: readonly PaidIncome[];
}

/**
 * `days` are the chart's, from its first point to today; `periodStart` is the close the range's
 * returns start from, the first day or the eve of the first trade; `returns` is read only for
 * "return". A line of years is worked in turns of the event loop
 * (decision 0029): SPY's returns, the days as the time-weighted return sees them, its return to
 * each day and the contributions' line each hand the loop over once a turn is over.
 */
export async function comparedHistory(
  deps: AppDeps,
  days: readonly ChartDay[],
  periodStart: string,
  basis: BenchmarkBasis,
  returns: ReturnDays = { dividends: [] },
  turns = new Turns(),
): Promise<ComparedHistory> {
  const points = days.map(pointOf);
  const first = days[0];
  if (!first) return { points, benchmark: null };
  // From the eve of the first trade: a day before the first point, with nothing held.
  const eve: ValuedDay[] =
    periodStart < first.date ? [{ ...first, ...NOTHING_HELD, date: periodStart }] : [];
  const start = eve[0]?.date ?? first.date;
  const dates = days.map((day) => day.date);
  const spy = await benchmarkReturns(deps, start, dates);
  if (turns.due()) await turns.next();
  const spyReturns = dates.map((date) => spy.returns.get(date) ?? null);

  if (basis === "return") {
    const periodDays =
      returns.days ?? [...eve, ...days].map((day) => ({ ...day, value: day.totalValue }));
    const twrDays = timeWeightedDays(periodDays, returns.dividends);
    if (turns.due()) await turns.next();
    // The period's days end with the chart's: its first may be the eve before them.
    const twr = timeWeightedReturns(twrDays).slice(periodDays.length - points.length);
    points.forEach((point, i) => (point.timeWeightedReturn = twr[i]!));
  }
  if (turns.due()) await turns.next();
  if (!spy.startClose || spyReturns.some((value) => value === null)) {
    return { points, benchmark: null };
  }
  const values =
    basis === "return"
      ? (spyReturns as Decimal[])
      : investedAlong(
          // A range that starts after the first trade puts in the value held at its start.
          eve.length > 0 ? "0" : first.totalValue,
          days.map((day, i) => ({
            date: day.date,
            growth: add("1", spyReturns[i]!),
            // The first point's own trades are inside the value it opens with.
            flow: eve.length === 0 && i === 0 ? "0" : day.flow,
          })),
        );
  return {
    points,
    benchmark: {
      symbol: BENCHMARK_SYMBOL,
      basis,
      points: dates.map((date, i) => ({ date, value: values[i]! })),
    },
  };
}

/** A chart day as the value chart draws it. */
export const pointOf = (day: ChartDay): PortfolioHistoryPoint => ({
  date: day.date,
  stockValue: day.stockValue,
  cryptoValue: day.cryptoValue,
  totalValue: day.totalValue,
  costBasis: day.costBasis,
  ...(day.cashValue === undefined ? {} : { cashValue: day.cashValue }),
});
