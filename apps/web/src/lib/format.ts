import { m } from "@ledgerline/messages";
import { formatLocale } from "@ledgerline/money/format";

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

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * The date in the user's locale when it is not en-US (issue 36), through Intl.DateTimeFormat:
 * 02.03.2026, 15:04 in de-DE. Undefined in en-US, whose text is written by hand below.
 */
function localeDate(date: Date, options: Intl.DateTimeFormatOptions): string | undefined {
  const locale = formatLocale();
  if (locale === "en-US") return undefined;
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(date);
}

const dayOptions = { year: "numeric", month: "short", day: "numeric" } as const;
const timeOptions = { hour: "numeric", minute: "2-digit" } as const;

/** Dec 12, 1980 */
function shortDate(date: Date): string {
  return (
    localeDate(date, dayOptions) ??
    `${shortMonths[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`
  );
}

/** A calendar month (YYYY-MM) as "Jul 2026", or "Jul" (a chart's axis); "Juli 2026" in de-DE. */
export function formatMonth(month: string, withYear = true): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const [, year, number] = match as unknown as [string, string, string];
  const options = withYear
    ? ({ month: "short", year: "numeric" } as const)
    : ({ month: "short" } as const);
  const name = shortMonths[Number(number) - 1] ?? month;
  return (
    localeDate(new Date(Number(year), Number(number) - 1, 1), options) ??
    (withYear ? `${name} ${year}` : name)
  );
}

/** A local date as a month and day: Mar 2 (a chart's axis). */
export function formatMonthDay(date: Date): string {
  return (
    localeDate(date, { month: "short", day: "numeric" }) ??
    `${shortMonths[date.getMonth()]} ${date.getDate()}`
  );
}

/** A local date with its weekday: Mon, Mar 2, 2026 (a chart's crosshair). */
export function formatWeekdayDate(date: Date): string {
  return (
    localeDate(date, { weekday: "short", ...dayOptions }) ??
    `${shortWeekdays[date.getDay()]}, ${shortDate(date)}`
  );
}

/**
 * The spec's date format: a short month with time, in the viewer's time zone
 * (Mar 2, 2026, 3:04 PM).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return m.ui_not_available();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return m.ui_not_available();
  return (
    localeDate(date, { ...dayOptions, ...timeOptions }) ?? `${shortDate(date)}, ${clockTime(date)}`
  );
}

/** A moment's date and time apart, to set on two lines: ["Mar 11, 2026", "3:04 PM"]; null if none. */
export function dateAndTime(iso: string | null | undefined): [string, string] | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return [shortDate(date), clockTime(date)];
}

/** 3:04 PM */
function clockTime(date: Date): string {
  const inLocale = localeDate(date, timeOptions);
  if (inLocale !== undefined) return inLocale;
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** A coming moment, in the viewer's time zone, with its weekday: Mon, Mar 16, 9:30 AM. */
export function formatWeekdayTime(iso: string): string {
  const date = new Date(iso);
  return (
    localeDate(date, { weekday: "short", month: "short", day: "numeric", ...timeOptions }) ??
    `${shortWeekdays[date.getDay()]}, ${formatMonthDay(date)}, ${clockTime(date)}`
  );
}

/** Empty values read N/A, as the spec asks for IP address and failure reason. */
export function orNA(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? m.ui_not_available() : value;
}

// The figures' formats are the one formatting module the API writes its words with too.
export {
  currencySign,
  formatCompactNumber,
  formatCurrency,
  formatLocale,
  inUsEnglish,
  setFormatLocale,
  formatMarketCap,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatQuantity,
  formatRate,
  formatRatio,
  formatShare,
  formatSignedCurrency,
  formatSignedPrice,
  priceDecimals,
} from "@ledgerline/money/format";

/** Where a figure's label ends in '.00' (before a '%', if any). */
const wholeEnd = /\.00(?=%?$)/;

const wholeEnds = new Map<string, RegExp>([["en-US", wholeEnd]]);
/**
 * The same in the user's locale: its decimal separator and two zeros, before what ends the label
 * (1.234,00 $, +25,00 %). Made once per locale: a chart relabels its axis on every pan and zoom.
 */
function localeWholeEnd(locale: string): RegExp {
  let end = wholeEnds.get(locale);
  if (!end) {
    const separator =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")
        ?.value ?? ".";
    end = new RegExp(`${separator.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}00(?=\\D*$)`);
    wholeEnds.set(locale, end);
  }
  return end;
}

/**
 * A chart axis's tick labels, each written as figures are: without '.00' when every one has it
 * ('$70,000', '+25%'), so a phone's narrow chart keeps its width for the plot. A scale with
 * cents or fractions of a percent keeps them on every label.
 */
export function axisLabels(labels: readonly string[]): string[] {
  const end = localeWholeEnd(formatLocale());
  return labels.every((label) => end.test(label))
    ? labels.map((label) => label.replace(end, ""))
    : [...labels];
}

/**
 * The day a rate is of, in a converted figure's hover: as it is in en-US (the spec's "on
 * 2026-11-27"), the locale's date elsewhere (27.11.2026 reads as a date; 2026-11-27 barely).
 */
export function formatRateDay(date: string): string {
  return formatLocale() === "en-US" ? date : formatCalendarDate(date);
}

/** A calendar date (YYYY-MM-DD) as the viewer's local date: Dec 12, 1980. */
export function formatCalendarDate(date: string | null | undefined): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(date) : null;
  if (!match) return m.ui_not_available();
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  // Through a Date, so an impossible day (2026-02-30) reads as the date it rolls over to.
  return shortDate(new Date(year, month - 1, day));
}
