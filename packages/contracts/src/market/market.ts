import { z } from "zod";
import { ledgerDate } from "../shared/dates";
import { singleLineText } from "../shared/text";
import { decimalInput } from "../shared/decimal-input";
import {
  COMPANY_SEARCH_MAX_LENGTH,
  CRYPTO_SYMBOL_PATTERN,
  DEFAULT_TIME_RANGE,
  MARKET_MOVERS_LIMIT,
  marketMessages,
  QUOTE_CURRENCY,
  STOCK_SYMBOL_PATTERN,
  timeRanges,
} from "./market-constants";

/**
 * Market data as the screens see it (spec sections 3, 4 "Market status", 8 and 9).
 *
 * Prices are canonical decimal strings ("160.31", "0.00001234", never "1e-8" or "160.310") so
 * that no binary floating point touches money; volumes and percents are plain numbers.
 */

/** Trimmed and upper-cased before it is checked, as the symbol box does (spec section 5). */
export const stockSymbol = z
  .string({ error: marketMessages.invalidStockSymbol })
  .trim()
  .toUpperCase()
  .regex(STOCK_SYMBOL_PATTERN, marketMessages.invalidStockSymbol);

export const cryptoSymbol = z
  .string({ error: marketMessages.invalidCryptoSymbol })
  .trim()
  .toUpperCase()
  .regex(CRYPTO_SYMBOL_PATTERN, marketMessages.invalidCryptoSymbol);

/** A canonical decimal: no exponent, no leading zeros, no trailing fractional zeros, no "-0". */
export const DECIMAL_PATTERN = /^(?:0|-?(?:0\.\d*[1-9]|[1-9]\d*(?:\.\d*[1-9])?))$/;
export const decimalString = z
  .string()
  .regex(DECIMAL_PATTERN, "Expected a canonical decimal string such as 160.31");

const isoDateTime = z.iso.datetime({ offset: true });
/** A calendar date (YYYY-MM-DD), in New York time for market days. */
export const calendarDate = z.iso.date({ error: "Dates must be YYYY-MM-DD" });

/** Any other value means 1M, as the spec says, so a stale bookmark never errors. */
export const timeRange = z.enum(timeRanges).catch(DEFAULT_TIME_RANGE);

// Inputs.

export const symbolInput = z.object({ symbol: stockSymbol });
export type SymbolInput = z.output<typeof symbolInput>;

export const cryptoSymbolInput = z.object({ symbol: cryptoSymbol });
export type CryptoSymbolInput = z.output<typeof cryptoSymbolInput>;

/** Fewer than 2 characters is allowed and answers no hits, as the search box clears. */
export const companySearchInput = z.object({
  query: singleLineText("Search text").max(
    COMPANY_SEARCH_MAX_LENGTH,
    `Search text must be at most ${COMPANY_SEARCH_MAX_LENGTH} characters`,
  ),
});
export type CompanySearchInput = z.output<typeof companySearchInput>;

export const companyDetailsInput = z.object({
  symbol: stockSymbol,
  date: ledgerDate("date").optional(),
});
export type CompanyDetailsInput = z.output<typeof companyDetailsInput>;

export const historicalDataInput = z.object({ symbol: stockSymbol, range: timeRange });
export type HistoricalDataInput = z.output<typeof historicalDataInput>;

/**
 * How old a quote is. `stale` is true when the provider failed and the last figures it gave are
 * shown instead; `asOf` is when they were fetched and `ageSeconds` how long ago that was.
 * Optional: figures stored before these fields existed, and list rows, do not carry them.
 */
export const quoteAge = {
  stale: z.boolean().optional(),
  asOf: isoDateTime.optional(),
  ageSeconds: z.number().int().nonnegative().optional(),
};

// Stocks.

/** Stock snapshot / saved stock (spec section 3). */
export const stockSnapshot = z.object({
  symbol: z.string(),
  companyName: z.string(),
  price: decimalString,
  change: decimalString,
  changePercent: z.number(),
  /** Always 0, as in the original product; the market cap lives in the company details. */
  marketCap: z.number(),
  volume: z.number().nonnegative(),
  timestamp: isoDateTime,
  /** Null before the day's first trade, while the market is closed, or when not reported. */
  open: decimalString.nullable(),
  high: decimalString.nullable(),
  low: decimalString.nullable(),
  previousClose: decimalString,
  marketStatus: z.string(),
  ...quoteAge,
});
export type StockSnapshot = z.infer<typeof stockSnapshot>;

export const marketMover = z.object({
  symbol: z.string(),
  price: decimalString,
  changePercent: z.number(),
  volume: z.number().nonnegative(),
  marketStatus: z.string(),
});
export type MarketMover = z.infer<typeof marketMover>;

export const marketMovers = z.object({
  gainers: z.array(marketMover),
  losers: z.array(marketMover),
  marketStatus: z.string(),
  lastUpdate: isoDateTime,
});
export type MarketMovers = z.infer<typeof marketMovers>;

export const companySearchHit = z.object({
  ticker: z.string(),
  name: z.string(),
  market: z.string(),
  locale: z.string(),
});
export type CompanySearchHit = z.infer<typeof companySearchHit>;

/** A failed entry keeps its ticker with an empty name and zero prices (spec section 8). */
export const relatedCompany = z.object({
  ticker: z.string(),
  name: z.string(),
  price: decimalString,
  previousClose: decimalString,
  /** Percent versus the previous close, computed on the server (0 for a failed entry). */
  changePercent: z.number(),
});
export type RelatedCompany = z.infer<typeof relatedCompany>;

export const companyAddress = z.object({
  address1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postal_code: z.string().nullable(),
});
export type CompanyAddress = z.infer<typeof companyAddress>;

/** Company details with the provider's field names (spec section 3). */
export const companyDetails = z.object({
  ticker: z.string(),
  name: z.string(),
  market_cap: z.number().nonnegative().nullable(),
  total_employees: z.number().int().nonnegative().nullable(),
  list_date: calendarDate.nullable(),
  primary_exchange: z.string().nullable(),
  sic_description: z.string().nullable(),
  weighted_shares_outstanding: z.number().nonnegative().nullable(),
  description: z.string().nullable(),
  address: companyAddress.nullable(),
  phone_number: z.string().nullable(),
  homepage_url: z.string().nullable(),
  /** True when the figures come from the simulated market and must be labelled as such. */
  simulated: z.boolean(),
});
export type CompanyDetails = z.infer<typeof companyDetails>;

/** One daily bar. `t` is the provider's start-of-day in Unix ms; `date` is the trading day. */
export const historicalBar = z.object({
  date: calendarDate,
  t: z.number().int(),
  o: decimalString,
  h: decimalString,
  l: decimalString,
  c: decimalString,
  v: z.number().nonnegative(),
});
export type HistoricalBar = z.infer<typeof historicalBar>;

export const sentiments = ["positive", "negative", "neutral"] as const;
export type Sentiment = (typeof sentiments)[number];

export const newsArticle = z.object({
  id: z.string(),
  publisher: z.object({
    name: z.string(),
    /** A same-origin path, or null (show the initial): the CSP allows no third-party images. */
    favicon_url: z.string().nullable(),
  }),
  published_utc: isoDateTime,
  title: z.string(),
  description: z.string().nullable(),
  article_url: z.string(),
  insights: z.array(
    z.object({
      ticker: z.string(),
      sentiment: z.enum(sentiments),
      sentiment_reasoning: z.string().optional(),
    }),
  ),
});
export type NewsArticle = z.infer<typeof newsArticle>;

export const marketStatus = z.object({
  market: z.enum(["open", "extended-hours", "closed"]),
  /** True only during the regular session. */
  isOpen: z.boolean(),
  earlyHours: z.boolean(),
  afterHours: z.boolean(),
  serverTime: isoDateTime,
  /** True when the figures come from the simulated market. */
  simulated: z.boolean(),
  /**
   * When the next regular session opens (NYSE calendar, holidays included): while the market is
   * closed, when it reopens.
   */
  nextOpenAt: isoDateTime,
});
export type MarketStatus = z.infer<typeof marketStatus>;
/** What a provider says; the market service adds the calendar's `nextOpenAt`. */
export type ProviderMarketStatus = Omit<MarketStatus, "nextOpenAt">;

export const marketSummary = z.object({
  /** How many symbols the summary covers. */
  symbolCount: z.number().int().nonnegative(),
  totalVolume: z.number().nonnegative(),
  /** Mean of the symbols' percent change versus their previous close. */
  averageChangePercent: z.number(),
  advancers: z.number().int().nonnegative(),
  decliners: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  topGainers: z.array(marketMover),
  topLosers: z.array(marketMover),
  mostActive: z.array(marketMover),
  marketStatus: z.string(),
  lastUpdate: isoDateTime,
});
export type MarketSummary = z.infer<typeof marketSummary>;

// Crypto.

/** Saved crypto / crypto data record (spec section 3); change = last - open over 24 hours. */
export const cryptoQuote = z.object({
  symbol: z.string(),
  price: decimalString,
  currency: z.literal(QUOTE_CURRENCY),
  open: decimalString,
  change: decimalString,
  changePercent: z.number(),
  volume: z.number().nonnegative(),
  high24h: decimalString,
  low24h: decimalString,
  ...quoteAge,
});
export type CryptoQuote = z.infer<typeof cryptoQuote>;

export const cryptoCurrency = z.object({ id: z.string(), name: z.string() });
export type CryptoCurrency = z.infer<typeof cryptoCurrency>;

export const cryptoCurrencyList = z.array(cryptoCurrency);
export type CryptoCurrencyList = z.infer<typeof cryptoCurrencyList>;

// Batched reads and admin-posted movers.

export const MAX_SYMBOLS_PER_REQUEST = 100;

export const symbolsInput = z.object({
  symbols: z
    .array(stockSymbol)
    .max(MAX_SYMBOLS_PER_REQUEST, `At most ${MAX_SYMBOLS_PER_REQUEST} symbols at once`),
});
export const cryptoSymbolsInput = z.object({
  symbols: z
    .array(cryptoSymbol)
    .max(MAX_SYMBOLS_PER_REQUEST, `At most ${MAX_SYMBOLS_PER_REQUEST} symbols at once`),
});

/** One symbol of a batched read: the snapshot, or the spec's message for that symbol. */
export const stockSnapshotResult = z.union([
  z.object({ symbol: z.string(), ok: z.literal(true), snapshot: stockSnapshot }),
  z.object({ symbol: z.string(), ok: z.literal(false), error: z.string() }),
]);
export type StockSnapshotResult = z.infer<typeof stockSnapshotResult>;

export const cryptoQuoteResult = z.union([
  z.object({ symbol: z.string(), ok: z.literal(true), quote: cryptoQuote }),
  z.object({ symbol: z.string(), ok: z.literal(false), error: z.string() }),
]);
export type CryptoQuoteResult = z.infer<typeof cryptoQuoteResult>;

/** A mover an admin posts: its price as decimal text or a JSON number (the spec's client). */
const postedMover = marketMover.extend({
  symbol: stockSymbol,
  price: decimalInput("price"),
  marketStatus: singleLineText("marketStatus").max(200),
});

/** What an admin may post as fresh movers (POST /api/marketmovers). */
export const postedMoversInput = z.object({
  gainers: z.array(postedMover).max(MARKET_MOVERS_LIMIT, `At most ${MARKET_MOVERS_LIMIT} gainers`),
  losers: z.array(postedMover).max(MARKET_MOVERS_LIMIT, `At most ${MARKET_MOVERS_LIMIT} losers`),
  marketStatus: singleLineText("marketStatus").max(200).optional(),
});
export type PostedMoversInput = z.output<typeof postedMoversInput>;

export const secretNames = ["polygon-api-key", "coinbase-api-key", "coinbase-api-secret"] as const;
export const secretInput = z.object({
  name: z.enum(secretNames, { error: `The secret must be one of ${secretNames.join(", ")}` }),
});
export const secretValue = z.object({ value: z.string() });
