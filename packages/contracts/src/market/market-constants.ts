/**
 * The market screens' constants, messages and time ranges (spec sections 4, 8 and 9), without
 * zod: the browser imports these, and zod would add weight and an eval probe the CSP refuses.
 */

export const marketMessages = {
  marketOpen: "Market is open.",
  marketClosedUsingPreviousClose:
    "Market is currently closed. Using previous close price for current price.",
  marketClosedShowingPreviousDay: "Market is currently closed. Showing previous trading day data.",

  failedToFetchStockData: "Failed to fetch stock data",
  failedToSearchCompanies: "Failed to search companies",
  failedToFetchCompanyDetails: "Failed to fetch company details",
  failedToFetchMarketMovers: "Failed to fetch market movers",
  failedToFetchCompanyNews: "Failed to fetch company news",
  failedToFetchHistoricalData: "Failed to fetch historical data",
  failedToFetchCryptoData: "Failed to fetch crypto data",
  failedToFetchSupportedCurrencies: "Failed to fetch supported currencies",
  failedToFetchExchangeRates: "Failed to fetch exchange rates",

  invalidStockSymbol:
    "A stock symbol is 1 to 10 characters: a letter first, then letters, digits, '.' or '-'",
  invalidCryptoSymbol: "A crypto symbol is 1 to 10 letters or digits",
  cryptocurrencyNotFound: "Cryptocurrency not found",
} as const;

/** The stock search error of spec section 8, for a symbol that failed to load. */
export function stockLookupFailedMessage(symbol: string): string {
  return `${symbol} is not a valid symbol or is currently unavailable and cannot be used in your analysis.`;
}

// Limits of spec section 9.
export const SYMBOL_MAX_LENGTH = 10;
export const COMPANY_SEARCH_MIN_LENGTH = 2;
export const COMPANY_SEARCH_MAX_LENGTH = 100;
export const COMPANY_SEARCH_LIMIT = 10;
export const MARKET_MOVERS_LIMIT = 10;
export const NEWS_WINDOW_DAYS = 30;
export const NEWS_LIMIT = 10;
export const RELATED_COMPANIES_LIMIT = 10;
export const STOCK_REFRESH_INTERVAL_MS = 60_000;
export const CRYPTO_REFRESH_INTERVAL_MS = 10_000;
export const PORTFOLIO_REFRESH_INTERVAL_MS = 60_000;
export const QUOTE_CURRENCY = "USD";
/**
 * Live prices: the most symbols one user may watch at once, the most streams one user may hold
 * open at once on one API process, and the SSE heartbeat period.
 */
export const LIVE_SYMBOLS_LIMIT = 100;
export const LIVE_STREAMS_LIMIT = 10;
export const LIVE_HEARTBEAT_MS = 15_000;

/** A conservative ticker charset: enough for BRK.B and BF.B, nothing a URL or SQL cares about. */
export const STOCK_SYMBOL_PATTERN = /^[A-Z][A-Z0-9.-]{0,9}$/;
export const CRYPTO_SYMBOL_PATTERN = /^[A-Z0-9]{1,10}$/;

// Time ranges (spec sections 3 and 9).

export const timeRanges = ["1W", "1M", "3M", "6M", "1Y"] as const;
export type TimeRange = (typeof timeRanges)[number];
export const DEFAULT_TIME_RANGE: TimeRange = "1M";

export const MARKET_TIME_ZONE = "America/New_York";

/**
 * The start and end dates of a range, the end being today. "Today" is the market's date (New
 * York) unless another time zone is given, so the API and the web agree on which bars to show.
 */
export function timeRangeDates(
  range: TimeRange,
  now: Date = new Date(),
  timeZone: string = MARKET_TIME_ZONE,
): { from: string; to: string } {
  const to = calendarDateIn(now, timeZone);
  const [year, month, day] = to.split("-").map(Number) as [number, number, number];
  const monthsBack: Record<TimeRange, number> = { "1W": 0, "1M": 1, "3M": 3, "6M": 6, "1Y": 12 };
  let from: Date;
  if (range === "1W") {
    from = new Date(Date.UTC(year, month - 1, day - 7));
  } else {
    const target = new Date(Date.UTC(year, month - 1 - monthsBack[range], 1));
    // Clamp to the last day of the target month: one month before 31 March is 28/29 February.
    const lastDay = new Date(
      Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
    ).getUTCDate();
    from = new Date(
      Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(day, lastDay)),
    );
  }
  return { from: from.toISOString().slice(0, 10), to };
}

function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}
