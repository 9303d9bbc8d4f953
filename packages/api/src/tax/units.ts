import { divideHalfEven, formatFixed, tenTo, type Decimal } from "@ledgerline/money";

/**
 * The lot engine's exact arithmetic: a decimal as a BigInt count of units at a fixed scale.
 * Quantities carry 8 decimals (contracts AMOUNT_DECIMALS, a split's rounding); money carries 16,
 * so quantity x price (8 + 8 places) and a fee are exact, and a lot's basis split between a sale
 * and what remains is rounded half-even at the 16th place with the remainder kept whole (sold +
 * kept = what there was, exactly). A 100,000-trade replay does several operations a trade; BigInt
 * units at one scale cost a fraction of parsing decimal text each time.
 */
export const QUANTITY_SCALE = 8;
export const MONEY_SCALE = 16;

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `value` in units of 10^-scale, rounded half-even past that scale. */
export function toUnits(value: Decimal, scale: number): bigint {
  const parts = PLAIN.exec(value.trim());
  if (!parts) throw new RangeError(`Not a plain decimal: ${value}`);
  const fraction = parts[3] ?? "";
  let units: bigint;
  if (fraction.length <= scale) {
    units = BigInt(parts[2]! + fraction.padEnd(scale, "0"));
  } else {
    units = divideHalfEven(BigInt(parts[2]! + fraction), tenTo(fraction.length - scale));
  }
  return parts[1] ? -units : units;
}

/** `amount` x part / whole, rounded half-even: a pro-rata share of an amount. */
export function share(amount: bigint, part: bigint, whole: bigint): bigint {
  if (part === whole) return amount;
  return divideHalfEven(amount * part, whole);
}

/** Money units of a quantity (8 places) times a price (8 places) with no rounding. */
export const money = (value: Decimal): bigint => toUnits(value, MONEY_SCALE);
export const quantity = (value: Decimal): bigint => toUnits(value, QUANTITY_SCALE);
export const moneyText = (units: bigint): Decimal => formatFixed(units, MONEY_SCALE);
export const quantityText = (units: bigint): Decimal => formatFixed(units, QUANTITY_SCALE);
