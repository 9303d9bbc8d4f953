import { compactNumberText, numberText, type NumberStyle } from "./number-text";

/**
 * An Intl format is built on its first use, not when this module loads: each costs the page a
 * few milliseconds of main thread to build, and most screens use only a few of them.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

// The dates are US English in the viewer's time zone, the same text Intl.DateTimeFormat("en-US")
// gives, written from the Date's local fields: a page's first Intl format loads the browser's
// locale data (50-120 ms of main thread on a phone, 4x CPU), and a date is often the first thing
// a page formats, in its first render.
const shortMonths = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");

const shortWeekdays = "Sun Mon Tue Wed Thu Fri Sat".split(" ");

/** Dec 12, 1980 */
function shortDate(year: number, monthIndex: number, day: number): string {
  return `${shortMonths[monthIndex]} ${day}, ${year}`;
}

/** A local date as a month and day: Mar 2 (a chart's axis). */
export function formatMonthDay(date: Date): string {
  return `${shortMonths[date.getMonth()]} ${date.getDate()}`;
}

/** A local date with its weekday: Mon, Mar 2, 2026 (a chart's crosshair). */
export function formatWeekdayDate(date: Date): string {
  return `${shortWeekdays[date.getDay()]}, ${shortDate(date.getFullYear(), date.getMonth(), date.getDate())}`;
}

/**
 * The spec's date format: a short month with time, in the viewer's time zone
 * (Mar 2, 2026, 3:04 PM).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "N/A";
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  const clock = `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
  return `${shortDate(date.getFullYear(), date.getMonth(), date.getDate())}, ${clock}`;
}

/** Empty values read N/A, as the spec asks for IP address and failure reason. */
export function orNA(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? "N/A" : value;
}

// Spec section 9 number formats: US locale, USD. They write the exact decimal text the API sends
// (never through a binary float) as Intl.NumberFormat("en-US") does, without building one
// (./number-text); they never compute.

type NumericText = number | string;

function isMissing(value: NumericText | null | undefined): value is null | undefined {
  return (
    value === null ||
    value === undefined ||
    value === "" ||
    Number.isNaN(Number(value)) ||
    !Number.isFinite(Number(value))
  );
}

const intlFormats = new Map<string, Intl.NumberFormat>();
/** The style as an Intl format, for a value number-text does not read: built once, then kept. */
function intlFormat(style: NumberStyle): Intl.NumberFormat {
  const key = JSON.stringify(style);
  let format = intlFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      ...(style.prefix === "$" ? { style: "currency", currency: "USD" } : {}),
      ...(style.shift === 2 ? { style: "percent" } : {}),
      minimumFractionDigits: style.minFraction,
      maximumFractionDigits: style.maxFraction,
      signDisplay: style.signed ? "exceptZero" : "auto",
    });
    intlFormats.set(key, format);
  }
  return format;
}

/** The value in a style; "%" is written after a percent's digits, as Intl's percent style does. */
function styled(value: NumericText, style: NumberStyle): string {
  // Intl formats numeric text exactly (ES2023 Intl.NumberFormat v3); TypeScript's lib lags behind.
  const intl = () => intlFormat(style).format(value as number);
  return (
    numberText(value, style) ?? (style.shift === 2 ? intl() : `${intl()}${style.suffix ?? ""}`)
  );
}

const usd = (decimals: number, signed: boolean): NumberStyle => ({
  minFraction: decimals,
  maxFraction: decimals,
  signed,
  prefix: "$",
});

function isSubCent(value: NumericText): boolean {
  const magnitude = Math.abs(Number(value));
  return magnitude > 0 && magnitude < 0.01;
}

/** USD with 2 decimals, 8 when the absolute value is under 0.01; N/A when missing. */
export function formatCurrency(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, usd(isSubCent(value) ? 8 : 2, false));
}

/** A money change with its sign: +$1.23, -$0.45 (sub-cent changes keep 8 decimals). */
export function formatSignedCurrency(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, usd(isSubCent(value) ? 8 : 2, true));
}

/**
 * Decimals a price per unit needs: 2 from $1 up; below $1 enough for four significant digits
 * ($0.6712, $0.05123), and 8 under a cent as the spec says ($0.00001234).
 */
export function priceDecimals(reference: NumericText | null | undefined): number {
  const magnitude = Math.abs(Number(reference));
  if (!Number.isFinite(magnitude) || magnitude === 0 || magnitude >= 1) return 2;
  if (magnitude < 0.01) return 8;
  return Math.min(8, Math.max(2, 3 - Math.floor(Math.log10(magnitude))));
}

/**
 * A price per unit (price, open, high, low, average cost), or an amount per unit such as a
 * day's change, to the decimals its `reference` price needs, so every figure of one asset reads
 * at one precision: $0.6712 beside +$0.0046, never $0.67 beside +$0.00460000.
 */
export function formatPrice(
  value: NumericText | null | undefined,
  reference: NumericText | null | undefined = value,
): string {
  if (isMissing(value)) return "N/A";
  return styled(value, usd(priceDecimals(reference), false));
}

/** A change per unit with its sign, at its price's precision: +$1.23, -$0.0046, $0.00. */
export function formatSignedPrice(
  value: NumericText | null | undefined,
  reference: NumericText | null | undefined,
): string {
  if (isMissing(value)) return "N/A";
  return styled(value, usd(priceDecimals(reference), true));
}

/** A percent change, signed, with 2 decimals: +1.23%, -0.50%, 0.00%. */
export function formatPercent(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, { minFraction: 2, maxFraction: 2, signed: true, suffix: "%" });
}

/** A ratio as a signed percent, exactly from its decimal text: "0.1234" is +12.34%. */
export function formatRatio(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, { minFraction: 2, maxFraction: 2, signed: true, suffix: "%", shift: 2 });
}

/** Volumes, employees, share counts: 12,345,678. */
export function formatNumber(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, { minFraction: 0, maxFraction: 2 });
}

const compactFormat = onFirstUse(
  () => new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 }),
);

/** Volumes on axes and in tight places: 950, 12.35K, 7.36T (a count, never currency). */
export function formatCompactNumber(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return compactNumberText(value) ?? compactFormat().format(value as number);
}

/** A held or traded quantity, exact to the 8 decimals quantities may carry: 1,234.5. */
export function formatQuantity(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, { minFraction: 0, maxFraction: 8 });
}

/** Market capitalisation: $2.85T, $412.30B, $950.00M, and plain USD below a million. */
export function formatMarketCap(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  const amount = Number(value);
  const magnitude = Math.abs(amount);
  for (const [limit, suffix] of [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
  ] as const) {
    if (magnitude >= limit)
      return `$${styled(amount / limit, { minFraction: 2, maxFraction: 2 })}${suffix}`;
  }
  return formatCurrency(value);
}

/** A calendar date (YYYY-MM-DD) as the viewer's local date: Dec 12, 1980. */
export function formatCalendarDate(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return "N/A";
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // Through a Date, so an impossible day (2026-02-30) reads as the date it rolls over to.
  const local = new Date(year, month - 1, day);
  return shortDate(local.getFullYear(), local.getMonth(), local.getDate());
}

/** A share of a whole, unsigned: 12.34%. */
export function formatShare(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, { minFraction: 2, maxFraction: 2, suffix: "%" });
}
