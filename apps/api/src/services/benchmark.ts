import { BENCHMARK_SYMBOL } from "@ledgerline/contracts";
import {
  dividendReinvestedReturns,
  type Decimal,
  type ReinvestedDividend,
} from "@ledgerline/money";
import { addDays, CloseSeries, corporateActions, dailyBars } from "./portfolio-valuation";
import type { AppDeps } from "./scope";

/**
 * The benchmark's (SPY's) total return from the close of a period's start (issue 15): close to
 * close with its cash dividends reinvested on their ex-dates (dividendReinvestedReturns). The one
 * place it is computed, for the returns' benchmark figure and the value chart's benchmark line, so
 * the line ends where the figure stands.
 */
export interface BenchmarkReturns {
  /** Its close at the start and at the last day asked, in each day's shares. */
  startClose: Decimal | null;
  endClose: Decimal | null;
  /** Its dividends with an ex-date after the start up to the last day, with the closes around each. */
  dividends: ReinvestedDividend[];
  /** Its total return from the start to each day asked; null without its closes. */
  returns: Map<string, Decimal | null>;
}

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

  // The series is read forward: every close needed, in date order, once.
  const series = new CloseSeries(bars, actions);
  const needed = [
    startDate,
    ...days,
    ...paying.flatMap((action) => [addDays(action.exDate, -1), action.exDate]),
  ].sort();
  const closes = new Map<string, Decimal | null>();
  for (const day of needed) closes.set(day, series.on(day));

  const dividends: ReinvestedDividend[] = [];
  for (const action of paying) {
    const previousClose = closes.get(addDays(action.exDate, -1));
    const exClose = closes.get(action.exDate);
    if (previousClose && exClose) {
      dividends.push({ exDate: action.exDate, amount: action.cashAmount!, previousClose, exClose });
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
