/**
 * Plain decimal text as a BigInt of units and a scale (123.45 = 12345n at scale 2): the same
 * exact arithmetic as big.js, without its digit arrays. A 5-year performance read adds, compares
 * and divides a few thousand daily figures, and big.js spent most of the read's time doing so.
 * decimal.ts uses these when both operands parse and big.js otherwise; tests hold them equal.
 */
export interface FixedPoint {
  units: bigint;
  scale: number;
}

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

export function parseFixed(value: string): FixedPoint | null {
  const parts = PLAIN.exec(value);
  if (!parts) return null;
  const fraction = parts[3] ?? "";
  const units = BigInt(parts[2]! + fraction);
  return { units: parts[1] ? -units : units, scale: fraction.length };
}

const TENS: bigint[] = [1n];
export function tenTo(power: number): bigint {
  while (TENS.length <= power) TENS.push(TENS[TENS.length - 1]! * 10n);
  return TENS[power]!;
}

/**
 * Canonical text: no exponent, no trailing fractional zeros, no negative zero. Written with index
 * arithmetic, not a padStart and a regular expression: a year's tax report formats five amounts
 * for each of ~15,000 lot sales, and this halved that time.
 */
export function formatFixed(units: bigint, scale: number): string {
  if (units === 0n) return "0";
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale > 0) {
    if (digits.length <= scale) digits = "0".repeat(scale + 1 - digits.length) + digits;
    const point = digits.length - scale;
    let end = digits.length;
    while (end > point && digits.charCodeAt(end - 1) === ZERO) end -= 1;
    digits =
      end === point
        ? digits.slice(0, point)
        : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  }
  return negative ? `-${digits}` : digits;
}

const ZERO = "0".charCodeAt(0);

/** Both operands' units at their larger scale. */
export function aligned(a: FixedPoint, b: FixedPoint): [bigint, bigint, number] {
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  if (a.scale > b.scale) return [a.units, b.units * tenTo(a.scale - b.scale), a.scale];
  return [a.units * tenTo(b.scale - a.scale), b.units, b.scale];
}

/** numerator / denominator to the nearest integer, an exact tie to the even one. */
export function divideHalfEven(numerator: bigint, denominator: bigint): bigint {
  let quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  const whole = denominator < 0n ? -denominator : denominator;
  const away = twice > whole || (twice === whole && quotient % 2n !== 0n);
  if (away) quotient += numerator < 0n !== denominator < 0n ? -1n : 1n;
  return quotient;
}

/** a / b rounded half-even to `places` decimals; null when b is zero (big.js then throws). */
export function divideFixed(a: FixedPoint, b: FixedPoint, places: number): string | null {
  const quotient = quotientUnits(a, b, places);
  return quotient === null ? null : formatFixed(quotient, places);
}

/** divideFixed's quotient as units at `places` (before it is formatted); null when b is zero. */
export function quotientUnits(a: FixedPoint, b: FixedPoint, places: number): bigint | null {
  if (b.units === 0n) return null;
  // a/b * 10^places = (a.units * 10^(b.scale + places)) / (b.units * 10^a.scale)
  const numerator = a.units * tenTo(b.scale + places);
  const denominator = b.units * tenTo(a.scale);
  return divideHalfEven(numerator, denominator);
}

/** 2^-power as a double, exactly (halved from 1: each step is exact). */
const halves: number[] = [1];
const twoToMinus = (power: number) => {
  while (halves.length <= power) halves.push(halves[halves.length - 1]! / 2);
  return halves[power]!;
};
const EXACT_IN_DOUBLE = 2n ** 53n;
/** 10^0 to 10^22 as doubles, each exactly (5^22 < 2^53), multiplied up exactly. */
export const TENS_IN_DOUBLE: readonly number[] = Array.from({ length: 22 }).reduce<number[]>(
  (powers) => [...powers, powers.at(-1)! * 10],
  [1],
);

/**
 * units * 10^-scale as the double nearest it (ties to even): Number(formatFixed(units, scale))
 * without the text, for scale up to 22 (10^scale, and 5^scale, are doubles exactly). Units of up
 * to 53 bits are a double exactly, and one division rounds once. Larger ones are divided in
 * BigInt by 5^scale with enough bits left for Number to round (at least 55, the remainder kept as
 * a last bit, so that no inexact quotient reads as a tie) and scaled by a power of two, exactly.
 */
export function fixedToNumber(units: bigint, scale: number): number {
  if (!Number.isInteger(scale) || scale < 0 || scale > 22) return Number(formatFixed(units, scale));
  const size = units < 0n ? -units : units;
  if (size <= EXACT_IN_DOUBLE) return Number(units) / TENS_IN_DOUBLE[scale]!;
  // 5^scale < 2^(2.33 scale): shifted 3 scale + 2 bits, the quotient keeps 55 bits at least.
  const shift = 3 * scale + 2;
  const shifted = size << BigInt(shift);
  const fives = fivesTo(scale);
  const quotient = shifted / fives;
  const rounded = Number(shifted % fives === 0n ? quotient : quotient | 1n);
  // Above 2^53 * 10^-22 the result is far from the subnormal range: the power of two is exact.
  const value = rounded * twoToMinus(shift + scale);
  return units < 0n ? -value : value;
}

const FIVES: bigint[] = [1n];
const fivesTo = (power: number): bigint => {
  while (FIVES.length <= power) FIVES.push(FIVES[FIVES.length - 1]! * 5n);
  return FIVES[power]!;
};

/** The value rounded half-even to `places` decimals. */
export function roundFixed(a: FixedPoint, places: number): string {
  if (a.scale <= places) return formatFixed(a.units, a.scale);
  return formatFixed(divideHalfEven(a.units, tenTo(a.scale - places)), places);
}

/**
 * The product of `factors`, rounded half-even to `places` decimals after each multiplication (as
 * big.js's times().round(places, roundHalfEven) chained); null if one of them is not plain
 * decimal text.
 */
export function compoundFixed(factors: readonly string[], places: number): string | null {
  let units = 1n;
  let scale = 0;
  for (const factor of factors) {
    const x = parseFixed(factor);
    if (!x) return null;
    units *= x.units;
    scale += x.scale;
    if (scale > places) {
      units = divideHalfEven(units, tenTo(scale - places));
      scale = places;
    }
  }
  return formatFixed(units, scale);
}
