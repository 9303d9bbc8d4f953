import { timeRangeDates, type PerformanceRange } from "@ledgerline/contracts";
import { addDays, utcDay } from "./portfolio-valuation";

/**
 * The day whose close a period of the returns starts from (issue 15), for the portfolio's, each
 * holding's and the benchmark's returns and the value chart's benchmark line. Nothing is held
 * before the first trade, so ALL, and any period reaching back further, starts on the eve of the
 * first trade (at 0).
 */
export function startOf(range: PerformanceRange, now: number, firstTradeDay: string): string {
  const eve = addDays(firstTradeDay, -1);
  if (range === "ALL") return eve;
  const today = utcDay(now);
  const start =
    range === "YTD"
      ? `${Number(today.slice(0, 4)) - 1}-12-31`
      : timeRangeDates(range, new Date(now), "UTC").from;
  return start > eve ? start : eve;
}
