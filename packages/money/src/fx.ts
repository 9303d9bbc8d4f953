import { multiply, type Decimal } from "./decimal";

/** How many units of a currency one US dollar bought on a day (exact decimal text). */
export interface FxDayRate {
  /** The day the rate was published for (YYYY-MM-DD). */
  date: string;
  rate: Decimal;
}

/**
 * The rate in force on `date`: the one published that day or, on a weekend or a holiday, the
 * last one before it. `rates` is ascending by date. Undefined when no rate is that old.
 */
export function rateOn(rates: readonly FxDayRate[], date: string): FxDayRate | undefined {
  // Binary search for the last published day at or before `date`.
  let low = 0;
  let high = rates.length - 1;
  let found: FxDayRate | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candidate = rates[middle]!;
    if (candidate.date <= date) {
      found = candidate;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** A USD amount in another currency: the exact product, rounded only when it is written. */
export function convertAt(usd: Decimal, rate: Decimal): Decimal {
  return multiply(usd, rate);
}
