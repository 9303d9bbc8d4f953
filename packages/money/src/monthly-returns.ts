import { divide, isZero, subtract, type Decimal } from "./decimal";
import { RETURN_DECIMALS } from "./returns";

/** A close of a growth index: 1 + the time-weighted return from some start, on a day. */
export interface GrowthClose {
  /** A calendar day, YYYY-MM-DD. */
  date: string;
  growth: Decimal;
}

/** One row of a monthly-returns grid. */
export interface YearOfMonths {
  year: number;
  /** January to December: the month's time-weighted return, null for a month with no close. */
  months: (Decimal | null)[];
  /** The year's time-weighted return over its closes; null when the index stood at zero before it. */
  total: Decimal | null;
}

/**
 * A month's return is its last close's growth over the last close before the month (1 before the
 * first close), less 1; a year's total is the same from the close before the year. Both are
 * ratios of one index, so a year's months compound to its total (to the 8th place), and a month
 * or year without a close is left out rather than guessed. Closes come in date order.
 */
export function monthlyReturnsOf(closes: readonly GrowthClose[]): YearOfMonths[] {
  const years: YearOfMonths[] = [];
  let beforeMonth: Decimal = "1";
  let beforeYear: Decimal = "1";
  closes.forEach((close, index) => {
    const next = closes[index + 1]?.date;
    if (next?.slice(0, 7) === close.date.slice(0, 7)) return;
    const year = Number(close.date.slice(0, 4));
    let row = years.at(-1);
    if (row?.year !== year) {
      row = { year, months: Array<Decimal | null>(12).fill(null), total: null };
      years.push(row);
    }
    row.months[Number(close.date.slice(5, 7)) - 1] = returnBetween(beforeMonth, close.growth);
    beforeMonth = close.growth;
    if (next?.slice(0, 4) !== close.date.slice(0, 4)) {
      row.total = returnBetween(beforeYear, close.growth);
      beforeYear = close.growth;
    }
  });
  return years;
}

/** The return from one reading of the index to a later one; none from zero (all was lost). */
function returnBetween(from: Decimal, to: Decimal): Decimal | null {
  return isZero(from) ? null : subtract(divide(to, from, RETURN_DECIMALS), "1");
}
