import {
  compare,
  compound,
  divide,
  FACTOR_DECIMALS,
  subtract,
  type Decimal,
} from "@ledgerline/money";

/**
 * The stored time-weighted growth factors (issue 15; schema/snapshots.ts explains them): each
 * day's close multiplies the last one by the day's factor, rounded half-up to FACTOR_DECIMALS,
 * the places money/returns.ts carries each sub-period's factor to. The pieces of
 * timeWeightedReturn telescope into these days: a piece from one flow to the next is the product
 * of its days' factors, so any period's return is a ratio of two stored factors.
 */

/** The growth factor at a day's close, from the one before and the day's value and trade flow. */
export function nextGrowth(
  growth: Decimal,
  previousValue: Decimal,
  value: Decimal,
  flow: Decimal,
): Decimal {
  // What was held moved from the previous close to the value before the day's flow.
  if (compare(previousValue, "0") > 0) {
    return compound(
      [growth, divide(subtract(value, flow), previousValue, FACTOR_DECIMALS)],
      FACTOR_DECIMALS,
    );
  }
  // A buy into nothing held starts at the money put in; with nothing held and no buy, no move.
  if (compare(flow, "0") > 0) {
    return compound([growth, divide(value, flow, FACTOR_DECIMALS)], FACTOR_DECIMALS);
  }
  return growth;
}
