import type { Time } from "lightweight-charts";
import { formatMonthDay, formatWeekdayDate } from "../../lib/format";

/** A chart time (business day, YYYY-MM-DD text or Unix seconds) as that calendar day, locally. */
export function chartDate(time: Time): Date {
  if (typeof time === "number") {
    const utc = new Date(time * 1000);
    return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  }
  if (typeof time === "string") {
    const [year = 1970, month = 1, day = 1] = time.split("-").map(Number);
    return new Date(year, month - 1, day);
  }
  return new Date(time.year, time.month - 1, time.day);
}

// Written by hand (lib/format.ts), as Intl's en-US writes them: a chart's first
// Intl.DateTimeFormat loaded the browser's locale data as its code loaded, one task of 60 ms on
// the portfolio page (a trace, loaded machine).
export const tickLabel = (time: Time) => formatMonthDay(chartDate(time));
export const longLabel = (time: Time) => formatWeekdayDate(chartDate(time));
