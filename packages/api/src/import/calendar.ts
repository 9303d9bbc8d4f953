import type { DividendToApply, SplitToApply } from "@ledgerline/db";
import { newYorkDate } from "@ledgerline/market";
import { actionsToApply } from "../accounting/corporate-actions";
import type { AppDeps } from "../platform/scope";

/**
 * A file's split and dividend rows compared with the corporate-actions calendar, the one source
 * the portfolio applies splits and dividends from (services/corporate-actions.ts). A broker dates
 * a split by when the shares arrived and a dividend by its pay date, a few days from the
 * calendar's ex-date, so a row matches the calendar's action of its symbol nearest its date
 * within a week (quarterly dividends and splits are months apart, so never two).
 */

export interface SymbolCalendar {
  splits: SplitToApply[];
  dividends: DividendToApply[];
}

const MATCH_WINDOW_DAYS = 7;
const DAY_MS = 86_400_000;

const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / DAY_MS;

/** Each stock's calendar as it counts today; a symbol left out could not be read just now. */
export async function calendarsOf(
  deps: AppDeps,
  symbols: Iterable<string>,
): Promise<Map<string, SymbolCalendar>> {
  const today = newYorkDate(deps.market.clock.now());
  const calendars = new Map<string, SymbolCalendar>();
  await Promise.all(
    [...symbols].map(async (symbol) => {
      try {
        const actions = await deps.market.stocks.getCorporateActions(symbol);
        calendars.set(symbol, actionsToApply(actions, today));
      } catch (error) {
        deps.logger.debug({ err: error, symbol }, "corporate actions unavailable to the import");
      }
    }),
  );
  return calendars;
}

function nearest<T>(actions: readonly T[], distance: (action: T) => number): T | undefined {
  let best: { action: T; days: number } | undefined;
  for (const action of actions) {
    const days = distance(action);
    if (days <= MATCH_WINDOW_DAYS && (!best || days < best.days)) best = { action, days };
  }
  return best?.action;
}

/** The calendar's split a split row dated `date` (YYYY-MM-DD) is. */
export const matchSplit = (calendar: SymbolCalendar, date: string) =>
  nearest(calendar.splits, (split) => daysApart(split.exDate, date));

/** The calendar's dividend a dividend row dated `date` is: by pay date, or by ex-date. */
export const matchDividend = (calendar: SymbolCalendar, date: string) =>
  nearest(calendar.dividends, (dividend) =>
    Math.min(daysApart(dividend.payDate, date), daysApart(dividend.exDate, date)),
  );
