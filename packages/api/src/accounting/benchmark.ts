import { BENCHMARK_SYMBOL } from "@ledgerline/contracts";
import {
  dividendReinvestedReturns,
  type Decimal,
  type ReinvestedDividend,
} from "@ledgerline/money";
import {
  addDays,
  closeInSharesOf,
  CloseSeries,
  corporateActions,
  dailyBars,
  perShareIn,
} from "./portfolio-valuation";
import type { AppDeps } from "../platform/scope";

/**
 * The benchmark's (SPY's) total return from the close of a period's start (issue 15): close to
 * close with its cash dividends reinvested on their ex-dates (dividendReinvestedReturns). The one
 * place it is computed, for the returns' benchmark figure and the value chart's benchmark line, so
 * the line ends where the figure stands.
 */
export interface BenchmarkReturns {
  /**
   * Its close at the start and at the last day asked, both in the last day's shares (a split
   * in between changes the count of shares, not what the index returned).
   */
  startClose: Decimal | null;
  endClose: Decimal | null;
  /**
   * Its dividends with an ex-date after the start up to the last day, with the closes around
   * each, amounts and closes in the last day's shares.
   */
  dividends: ReinvestedDividend[];
  /** Its total return from the start to each day asked; null without its closes. */
  returns: Map<string, Decimal | null>;
}

/** Places a dividend per share is carried to once a later split has divided it. */
const SPLIT_AMOUNT_DECIMALS = 10;

/** `days` ascend, none before `startDate`; the last is where the period ends. */
export async function benchmarkReturns(
  deps: AppDeps,
  startDate: string,
  days: readonly string[],
): Promise<BenchmarkReturns> {
  const endDate = days.at(-1) ?? startDate;
  const [bars, actions] = await Promise.all([
    dailyBars(deps, "STOCK", BENCHMARK_SYMBOL, addDays(startDate, -7), endDate),
    corporateActions(deps, BENCHMARK_SYMBOL),
  ]);
  const none = new Map(days.map((day) => [day, null]));
  if (!bars || bars.length === 0) {
    return { startClose: null, endClose: null, dividends: [], returns: none };
  }
  const paying = actions
    .filter(
      (action) =>
        action.type === "dividend" &&
        action.cashAmount &&
        action.exDate > startDate &&
        action.exDate <= endDate,
    )
    .sort((a, b) => (a.exDate < b.exDate ? -1 : 1));

  // The series is read forward: every close needed, in date order, once. The bars are
  // split-adjusted: every close and dividend is taken in the shares of the last day, so that a
  // split inside the period is no loss and no gain.
  const series = new CloseSeries(bars);
  const inEndShares = (close: Decimal | null) =>
    close === null ? null : closeInSharesOf(close, endDate, actions);
  const needed = [
    startDate,
    ...days,
    ...paying.flatMap((action) => [addDays(action.exDate, -1), action.exDate]),
  ].sort();
  const closes = new Map<string, Decimal | null>();
  for (const day of needed) closes.set(day, inEndShares(series.on(day)));

  const dividends: ReinvestedDividend[] = [];
  for (const action of paying) {
    const previousClose = closes.get(addDays(action.exDate, -1));
    const exClose = closes.get(action.exDate);
    if (previousClose && exClose) {
      // Per share of its ex-date, in the last day's shares.
      const amount = perShareIn(
        action.cashAmount!,
        action.exDate,
        endDate,
        actions,
        SPLIT_AMOUNT_DECIMALS,
      );
      dividends.push({ exDate: action.exDate, amount, previousClose, exClose });
    }
  }

  const startClose = closes.get(startDate) ?? null;
  const returns = new Map<string, Decimal | null>(none);
  if (startClose) {
    // The days with a close, each with the dividends gone ex by then.
    const ends: { day: string; close: Decimal; exGone: number }[] = [];
    let exGone = 0;
    for (const day of days) {
      while (exGone < dividends.length && dividends[exGone]!.exDate <= day) exGone += 1;
      const close = closes.get(day);
      if (close) ends.push({ day, close, exGone });
    }
    const answers = dividendReinvestedReturns(startClose, dividends, ends);
    ends.forEach(({ day }, index) => returns.set(day, answers[index]!));
  }
  return { startClose, endClose: closes.get(endDate) ?? null, dividends, returns };
}
