import {
  compare,
  compound,
  divide,
  divideHalfEven,
  FACTOR_DECIMALS,
  subtract,
  tenTo,
  type Decimal,
  type FixedPoint,
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

/**
 * nextGrowth on a day without a flow, in BigInt units: the same factor (tests hold them equal),
 * without parsing the figures again. `growth`, `previousValue` and `value` are the figures'
 * units at any scale (not only their canonical text's); answers the factor's units at
 * FACTOR_DECIMALS, or null when it is `growth` unchanged (nothing held at the last close).
 */
export function nextGrowthWithoutFlow(
  growth: FixedPoint,
  previousValue: FixedPoint,
  value: FixedPoint,
): FixedPoint | null {
  if (previousValue.units <= 0n) return null;
  // divide(value, previousValue, FACTOR_DECIMALS), then compound's product with growth rounded
  // half-even to FACTOR_DECIMALS: rounding the exact product gives the same value whether the
  // quotient's trailing zeros were cut first or not, and an exact one is left as it is.
  const quotient = divideHalfEven(
    value.units * tenTo(previousValue.scale + FACTOR_DECIMALS),
    previousValue.units * tenTo(value.scale),
  );
  const units = divideHalfEven(growth.units * quotient, tenTo(growth.scale));
  return { units, scale: FACTOR_DECIMALS };
}
