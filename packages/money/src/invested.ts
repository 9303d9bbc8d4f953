import { add, divide, isZero, multiply, round, type Decimal } from "./decimal";
import { FACTOR_DECIMALS } from "./returns";

/** A day money moved into or out of an index fund: the index's level then and the net flow. */
export interface IndexDay {
  date: string;
  /**
   * The index's growth since the start: 1 + its total return from the start's close to this
   * day's (dividends reinvested), so "1" at the start.
   */
  growth: Decimal;
  /** Money put in (+) or taken out (-) at this day's close. */
  flow: Decimal;
}

/** Places the value of money held in the index is shown to: cents. */
export const INVESTED_VALUE_DECIMALS = 2;

/**
 * What money would be worth had it been put into an index on the same days (issue 37, the value
 * chart's 'what if I had bought SPY' line): `opening` at the start's close, then each day's flow
 * bought (or, taken out, sold) at that day's close. As a fund counts it, in units of the index:
 * the opening buys `opening` units at level 1, a flow buys flow / growth units (carried to
 * FACTOR_DECIMALS, so no rounding adds up over the days), and a day is worth its units x its
 * growth, rounded half-even to cents. Taken out beyond what the units are worth (a sale of a
 * holding that beat the index), the value goes below zero: money owed, not hidden.
 */
export function investedAlong(opening: Decimal, days: readonly IndexDay[]): Decimal[] {
  let units = opening;
  return days.map((day) => {
    if (!isZero(day.flow)) units = add(units, divide(day.flow, day.growth, FACTOR_DECIMALS));
    return round(multiply(units, day.growth), INVESTED_VALUE_DECIMALS);
  });
}
