/**
 * The one formatting module of figures (spec section 9: US English, USD; issue 36: the user's
 * locale, ./locale.ts), for the web app's
 * screens and for what the API writes in words (a price alert's notification and mail, a split's
 * description): the same figure reads the same wherever it is shown. Dates stay with their
 * readers, in the viewer's time zone (apps/web/src/lib/format.ts).
 */
import { formatLocale } from "./locale";
import { compactNumberText, numberText, type NumberStyle } from "./number-text";

export * from "./number-text";
export { formatLocale, inUsEnglish, setFormatLocale } from "./locale";

/** A value built on its first use, not when this module loads (see intlFormat). */
function onFirstUse<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}

// They write the exact decimal text (never through a binary float) as Intl.NumberFormat("en-US")
// does, without building one (./number-text); they never compute. An Intl format is built only for
// a value number-text does not read, and on its first use: each costs a page a few milliseconds.

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

const localeFormats = new Map<string, Intl.NumberFormat>();
/** A format of another locale than en-US, built on its first use, then kept. */
function localeFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = localeFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    localeFormats.set(key, format);
  }
  return format;
}

/** The style as Intl's options: an amount in `currency` (USD for the "$" prefix), a percent. */
function styleOptions(style: NumberStyle, currency?: string): Intl.NumberFormatOptions {
  const inCurrency = style.prefix === "$" ? "USD" : currency;
  return {
    ...(inCurrency ? { style: "currency", currency: inCurrency } : {}),
    // A percent's digits as they are (+1.23 is +1.23 %), or a ratio's times a hundred.
    ...(style.shift === 2
      ? { style: "percent" }
      : style.suffix === "%"
        ? { style: "unit", unit: "percent" }
        : {}),
    minimumFractionDigits: style.minFraction,
    maximumFractionDigits: style.maxFraction,
    signDisplay: style.signed ? "exceptZero" : "auto",
  };
}

/**
 * The value in another locale than en-US: Intl writes numeric text exactly (ES2023
 * Intl.NumberFormat v3), rounding half away from zero as number-text does, with the locale's
 * separators and currency and percent placement (1.234,56 $, +1,23 %).
 */
function localized(value: NumericText, options: Intl.NumberFormatOptions): string | undefined {
  const locale = formatLocale();
  return locale === "en-US" ? undefined : localeFormat(locale, options).format(value as number);
}

/** The value in a style; "%" is written after a percent's digits, as Intl's percent style does. */
function styled(value: NumericText, style: NumberStyle): string {
  const inLocale = localized(value, styleOptions(style));
  if (inLocale !== undefined) return inLocale;
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

/** An exchange rate with every place it has and at least 4: 0.9213, 151.2500 (0,9213 in de-DE). */
export function formatRate(value: NumericText): string {
  const places = /\.(\d+)$/.exec(String(value))?.[1]?.length ?? 0;
  const fraction = Math.max(4, places);
  return styled(value, { minFraction: fraction, maxFraction: fraction });
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
  return (
    localized(value, { notation: "compact", maximumFractionDigits: 2 }) ??
    compactNumberText(value) ??
    compactFormat().format(value as number)
  );
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
  if (magnitude >= 1e6) {
    const compact = { notation: "compact", ...styleOptions(usd(2, false)) } as const;
    const inLocale = localized(value, compact);
    if (inLocale !== undefined) return inLocale;
  }
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

/** A share of a whole, unsigned: 12.34%. */
export function formatShare(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, { minFraction: 2, maxFraction: 2, suffix: "%" });
}

/** A quantity's change with its sign: +60, -97.14285714 (exact to 8 decimals). */
export function formatSignedQuantity(value: NumericText | null | undefined): string {
  if (isMissing(value)) return "N/A";
  return styled(value, { minFraction: 0, maxFraction: 8, signed: true });
}

/**
 * A split's ratio as people say it, from the shares before (`from`) and after (`to`):
 * 4-for-1 split, 3-for-2 split, 1-for-35 reverse split. (Ratios are small whole numbers, so which
 * side is larger is read from the numbers; nothing is computed with them.)
 */
export function formatSplit(from: NumericText, to: NumericText): string {
  const reverse = Number(to) < Number(from);
  return `${formatQuantity(to)}-for-${formatQuantity(from)} ${reverse ? "reverse split" : "split"}`;
}

/** A split as it changed a holding: 4-for-1 split, +60 shares; 1-for-10 reverse split, -90 shares. */
export function formatSplitChange(
  from: NumericText,
  to: NumericText,
  sharesChange: NumericText,
): string {
  const one = Math.abs(Number(sharesChange)) === 1;
  return `${formatSplit(from, to)}, ${formatSignedQuantity(sharesChange)} ${one ? "share" : "shares"}`;
}

/** What a currency's figures start with, as Intl.NumberFormat("en-US") writes it. */
const currencyPrefixes: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  GBP: "£",
  CHF: "CHF\u00a0",
  JPY: "¥",
  CAD: "CA$",
  AUD: "A$",
};

/**
 * An amount in a display currency (issue 36): 2 decimals (8 under 0.01 of the unit), none in
 * yen; `signed` writes + before a gain as formatSignedCurrency does.
 */
export function formatMoney(
  value: NumericText | null | undefined,
  currency: string,
  signed = false,
): string {
  if (isMissing(value)) return "N/A";
  if (currency === "USD") return signed ? formatSignedCurrency(value) : formatCurrency(value);
  const decimals = currency === "JPY" ? 0 : isSubCent(value) ? 8 : 2;
  const style = { minFraction: decimals, maxFraction: decimals, signed };
  const inLocale = localized(value, styleOptions(style, currency));
  if (inLocale !== undefined) return inLocale;
  const prefix = currencyPrefixes[currency] ?? `${currency} `;
  return numberText(value, { ...style, prefix }) ?? `${prefix}${styled(value, style)}`;
}

/**
 * The sign a currency's figures are written with in the user's locale ($, €, CHF, CA$), as Intl
 * writes it; in en-US from the table above, without building an Intl format (the first one with a
 * currency costs a phone tens of milliseconds), in another locale built once, then kept.
 */
export function currencySign(currency: string): string {
  const locale = formatLocale();
  const prefix = currencyPrefixes[currency];
  if (locale === "en-US" && prefix !== undefined) return prefix.trim();
  return (
    localeFormat(locale, { style: "currency", currency })
      .formatToParts(0)
      .find((part) => part.type === "currency")?.value ?? currency
  );
}

/** A USD amount as the hover of a converted figure names it: USD 1,234.56. */
export function formatUsdCode(value: NumericText, signed = false): string {
  const decimals = isSubCent(value) ? 8 : 2;
  const style = { minFraction: decimals, maxFraction: decimals, signed };
  const inLocale = localized(value, { ...styleOptions(style, "USD"), currencyDisplay: "code" });
  if (inLocale !== undefined) return inLocale;
  return `USD ${styled(value, style)}`;
}
