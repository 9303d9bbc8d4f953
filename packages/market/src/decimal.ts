import Big from "big.js";

/**
 * Prices travel as canonical decimal strings and are computed with big.js, never with binary
 * floating point. "Canonical" means what `decimalString` in the contracts accepts: no exponent,
 * no trailing fractional zeros, no negative zero.
 */
export type Decimal = string;

const ZERO = new Big(0);

function canonical(value: Big): Decimal {
  return value.eq(ZERO) ? "0" : value.toFixed();
}

/** A provider's JSON number: String(n) is its shortest round-trip text, which big.js reads exactly. */
export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  return canonical(new Big(String(value)));
}

/** A provider's decimal text ("64090.00", "1e-8") in canonical form; throws on anything else. */
export function normalizeDecimal(value: string): Decimal {
  return canonical(new Big(value.trim()));
}

export function isDecimalText(value: string): boolean {
  try {
    new Big(value.trim());
    return true;
  } catch {
    return false;
  }
}

/** Rounds half-up to `places` decimals, then drops trailing zeros. */
export function roundDecimal(value: Decimal | number, places: number): Decimal {
  return canonical(
    new Big(typeof value === "number" ? String(value) : value).round(places, Big.roundHalfUp),
  );
}

export function subtractDecimals(a: Decimal, b: Decimal): Decimal {
  return canonical(new Big(a).minus(b));
}

export function isZeroDecimal(value: Decimal): boolean {
  return new Big(value).eq(ZERO);
}

export function compareDecimals(a: Decimal, b: Decimal): number {
  return new Big(a).cmp(b);
}

/** (value - base) / base * 100 as a number rounded to `places`; 0 when there is no base. */
export function percentChange(value: Decimal, base: Decimal, places = 4): number {
  return percentOf(subtractDecimals(value, base), base, places);
}

/** change / base * 100 as a number rounded to `places`; 0 when there is no base. */
export function percentOf(change: Decimal, base: Decimal, places = 4): number {
  const denominator = new Big(base);
  if (denominator.eq(ZERO)) return 0;
  return Number(new Big(change).div(denominator).times(100).round(places, Big.roundHalfUp));
}

/** A decimal times a whole count (e.g. shares), as a number: market caps are display figures. */
export function multiplyToNumber(value: Decimal, factor: number): number {
  return Number(new Big(value).times(String(factor)).round(0, Big.roundHalfUp));
}

/** The mean of some percents, exactly, rounded to `places`. */
export function meanPercent(values: readonly number[], places = 4): number {
  if (values.length === 0) return 0;
  const sum = values.reduce((acc, value) => acc.plus(String(value)), new Big(0));
  return Number(sum.div(values.length).round(places, Big.roundHalfUp));
}

/** An integer count of 10^-decimals units (e.g. cents) as a decimal: 16031 with 2 → "160.31". */
export function decimalFromScaled(units: number, decimals: number): Decimal {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not a safe integer: ${units}`);
  if (units === 0) return "0";
  // Plain digit shifting: exact, and much cheaper than a division for the simulator's volume.
  const digits = String(Math.abs(units)).padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${units < 0 ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
