import { big, canonical, decimalPlaces, type Decimal } from "./decimal";

/**
 * Non-negative decimals as fixed-width, zero-padded text ("00000000000000000012.5000000000000000"),
 * so that SQLite's text order is numeric order: columns sort and range-scan through an index,
 * and values stay exact, with no integer overflow and no floating point.
 */
export const STORED_INTEGER_DIGITS = 20;
export const STORED_FRACTION_DIGITS = 16;

export function toStored(value: Decimal): string {
  const amount = big(value);
  if (amount.lt(0)) throw new RangeError(`Stored decimals are never negative: ${value}`);
  if (decimalPlaces(canonical(amount)) > STORED_FRACTION_DIGITS) {
    throw new RangeError(`Too many decimals to store: ${value}`);
  }
  const [integer = "0", fraction = ""] = amount.toFixed(STORED_FRACTION_DIGITS).split(".");
  if (integer.length > STORED_INTEGER_DIGITS) throw new RangeError(`Too large to store: ${value}`);
  return `${integer.padStart(STORED_INTEGER_DIGITS, "0")}.${fraction}`;
}

export function fromStored(stored: string): Decimal {
  return canonical(big(stored));
}
