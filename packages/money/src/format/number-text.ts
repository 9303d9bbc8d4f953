/**
 * US English number text written from a value's decimal digits, the text
 * Intl.NumberFormat("en-US") gives (rounding half away from zero, commas between thousands).
 * A page's first Intl.NumberFormat loads the browser's locale data in one task: 70-80 ms of main
 * thread in a trace of the stock dashboard, four times that on Lighthouse's phone, where it was
 * the largest task after the page's first paint. The formats (./index.ts) write their figures with this, and
 * builds an Intl format only for a value this does not read (an exponent, spaces).
 */
export interface NumberStyle {
  minFraction: number;
  maxFraction: number;
  /** Intl's signDisplay "exceptZero": + before a value that is not zero once rounded. */
  signed?: boolean;
  /** Between the sign and the digits: "$". */
  prefix?: string;
  /** After the digits: "%". */
  suffix?: string;
  /** Powers of ten the value is multiplied by (2 for a ratio as a percent), or divided by. */
  shift?: number;
}

const plainDecimal = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The value's decimal text: a number as JavaScript writes it, the shortest that reads back as it. */
function decimalText(value: number | string): string {
  if (typeof value === "string") return value;
  return Object.is(value, -0) ? "-0" : String(value);
}

/** Adds one to a string of digits: "0999" is "1000", "999" is "1000". */
function increment(digits: string): string {
  let at = digits.length - 1;
  while (at >= 0 && digits[at] === "9") at--;
  if (at < 0) return `1${"0".repeat(digits.length)}`;
  return `${digits.slice(0, at)}${Number(digits[at]) + 1}${"0".repeat(digits.length - 1 - at)}`;
}

interface Rounded {
  negative: boolean;
  whole: string;
  fraction: string;
}

/** The value's digits times 10^shift, rounded half away from zero to `maxFraction` decimals. */
function round(value: number | string, maxFraction: number, shift: number): Rounded | undefined {
  const match = plainDecimal.exec(decimalText(value));
  if (!match) return undefined;
  const [, minus, whole = "", fraction = ""] = match;
  let digits = whole + fraction;
  let point = whole.length + shift;
  if (point < 1) {
    digits = "0".repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, "0");
  const cut = point + maxFraction;
  if (digits.length > cut) {
    const up = digits.charCodeAt(cut) >= 53; // "5"
    digits = digits.slice(0, cut);
    if (up) {
      const next = increment(digits);
      point += next.length - digits.length;
      digits = next;
    }
  }
  return {
    negative: minus === "-",
    whole: digits.slice(0, point).replace(/^0+(?=\d)/, ""),
    fraction: digits.slice(point),
  };
}

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+$)/g, ",");

function write(rounded: Rounded, style: NumberStyle): string {
  let fraction = rounded.fraction.padEnd(style.minFraction, "0");
  let end = fraction.length;
  while (end > style.minFraction && fraction[end - 1] === "0") end--;
  fraction = fraction.slice(0, end);
  const zero = /^0*$/.test(rounded.whole + fraction);
  const sign = rounded.negative && !(style.signed && zero) ? "-" : style.signed && !zero ? "+" : "";
  return `${sign}${style.prefix ?? ""}${grouped(rounded.whole)}${fraction ? `.${fraction}` : ""}${style.suffix ?? ""}`;
}

/** The value's text in this style, or undefined when the value is not plain decimal digits. */
export function numberText(value: number | string, style: NumberStyle): string | undefined {
  const rounded = round(value, style.maxFraction, style.shift ?? 0);
  return rounded && write(rounded, style);
}

const compactSuffixes = ["", "K", "M", "B", "T"];

/**
 * Intl's compact notation with at most 2 decimals: 950, 12.35K, 7.36T; undefined for a value
 * that is not plain decimal digits or reaches a thousand trillion (Intl groups those differently).
 */
export function compactNumberText(value: number | string): string | undefined {
  const whole = plainDecimal.exec(decimalText(value))?.[2];
  if (whole === undefined) return undefined;
  let step = Math.min(Math.floor((whole.replace(/^0+/, "").length - 1) / 3), 4);
  for (step = Math.max(step, 0); step < compactSuffixes.length; step++) {
    const rounded = round(value, 2, -3 * step);
    // Rounding up to a thousand moves the value to the next suffix, as Intl does: 999,999 is 1M.
    if (!rounded || rounded.whole.length <= 3)
      return (
        rounded && write(rounded, { minFraction: 0, maxFraction: 2, suffix: compactSuffixes[step] })
      );
  }
  return undefined;
}
