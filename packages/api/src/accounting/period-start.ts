import { timeRangeDates, type PerformanceRange } from "@ledgerline/contracts";
import { addDays, utcDay } from "./portfolio-valuation";

/**
 * The first day of a range other than ALL, from today (UTC): a calendar span back (1M is a month
 * ago), or for YTD the last day of last year, whose close the year's returns start from.
 */
export function rangeFirstDay(range: Exclude<PerformanceRange, "ALL">, now: number): string {
  return range === "YTD"
    ? `${Number(utcDay(now).slice(0, 4)) - 1}-12-31`
    : timeRangeDates(range, new Date(now), "UTC").from;
}

/**
 * The day whose close a period of the returns starts from (issue 15), for the portfolio's, each
 * holding's and the benchmark's returns and the value chart's benchmark line. Nothing is held
 * before the first trade, so ALL, and any period reaching back further, starts on the eve of the
 * first trade (at 0).
 */
export function startOf(range: PerformanceRange, now: number, firstTradeDay: string): string {
  const eve = addDays(firstTradeDay, -1);
  if (range === "ALL") return eve;
  const start = rangeFirstDay(range, now);
  return start > eve ? start : eve;
}
