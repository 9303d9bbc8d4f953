import type { CorporateAction, DividendFrequency } from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";

/**
 * A stock's dividends ahead (issue 33), plain code: the market's calendar (paid and declared
 * dividends), then the ones expected after the last of them, one payment period apart at the
 * last amount. accounting/income-forecast.ts prices them for the user's holdings.
 */

/** A dividend of the schedule: the market's own (`declared`), or one expected from the rhythm. */
export interface ScheduledDividend {
  exDate: string;
  payDate: string;
  amountPerShare: Decimal;
  declared: boolean;
}

export const PAYMENTS_PER_YEAR: Record<DividendFrequency, number> = {
  monthly: 12,
  quarterly: 4,
  semiannual: 2,
  annual: 1,
};

/** How many of the latest dividends the frequency is read from. */
const FREQUENCY_SAMPLE = 5;

/**
 * How often a stock pays, from the median gap (in days) between its latest ex-dates: up to 45
 * days monthly, up to 135 quarterly, up to 270 semiannual, longer annual. The median, so one
 * special dividend or a skipped quarter does not change the rhythm. A single dividend counts
 * as annual (the least it could be); none gives null.
 */
export function inferFrequency(exDates: readonly string[]): DividendFrequency | null {
  if (exDates.length === 0) return null;
  const latest = [...new Set(exDates)].sort().slice(-FREQUENCY_SAMPLE);
  if (latest.length < 2) return "annual";
  const gaps = latest
    .slice(1)
    .map((date, index) => dayNumber(date) - dayNumber(latest[index]!))
    .sort((a, b) => a - b);
  const middle = gaps.length / 2;
  const median =
    gaps.length % 2 === 1 ? gaps[Math.floor(middle)]! : (gaps[middle - 1]! + gaps[middle]!) / 2;
  if (median <= 45) return "monthly";
  if (median <= 135) return "quarterly";
  if (median <= 270) return "semiannual";
  return "annual";
}

/** The market's cash dividends of a stock, oldest first (a pay date defaults to the ex-date). */
export function marketDividends(actions: readonly CorporateAction[]): ScheduledDividend[] {
  return actions
    .flatMap((action) =>
      action.type === "dividend" && action.cashAmount
        ? [
            {
              exDate: action.exDate,
              payDate: action.payDate ?? action.exDate,
              amountPerShare: action.cashAmount,
              declared: true,
            },
          ]
        : [],
    )
    .sort((a, b) => a.exDate.localeCompare(b.exDate));
}

/**
 * The stock's dividends up to ex-date `until`: the market's, then the expected ones after the
 * last, every 12 / payments-a-year months from its ex-date and pay date, at its amount.
 */
export function dividendSchedule(
  actions: readonly CorporateAction[],
  until: string,
): { dividends: ScheduledDividend[]; frequency: DividendFrequency | null } {
  const known = marketDividends(actions);
  const frequency = inferFrequency(known.map((dividend) => dividend.exDate));
  const last = known.at(-1);
  const dividends = known.filter((dividend) => dividend.exDate <= until);
  if (!last || !frequency) return { dividends, frequency };
  const step = 12 / PAYMENTS_PER_YEAR[frequency];
  for (let k = 1; ; k++) {
    const exDate = addMonths(last.exDate, k * step);
    if (exDate > until) break;
    dividends.push({
      exDate,
      payDate: addMonths(last.payDate, k * step),
      amountPerShare: last.amountPerShare,
      declared: false,
    });
  }
  return { dividends, frequency };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The last day of a YYYY-MM-DD date's month. */
export function endOfMonth(date: string): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** `months` calendar months after a date, on the same day or the month's last (Jan 31 + 1: Feb 28). */
export function addMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + months;
  const day = Number(date.slice(8, 10));
  const first = new Date(Date.UTC(year, month, 1));
  const last = endOfMonth(first.toISOString().slice(0, 10));
  const lastDay = Number(last.slice(8, 10));
  return `${last.slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** Whole days from `from` to `to`. */
export function daysFrom(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}
