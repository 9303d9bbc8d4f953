import { z } from "zod";
import { calendarDate, decimalString } from "./market";
import { DEFAULT_PORTFOLIO_HISTORY_RANGE, portfolioHistoryRanges } from "./portfolio-constants";

/**
 * The portfolio summary (spec sections 2, 3 and 9), all computed on the server in exact
 * arithmetic. One set of definitions everywhere:
 *   current value = quantity x current price
 *   cost basis    = quantity x average purchase price (the spec's "stock portfolio value")
 *   gain/loss     = current value - cost basis
 *   gain/loss %   = gain/loss / cost basis x 100
 * Amounts are exact decimal strings; percents are numbers rounded to 4 decimals.
 */
export const summaryFigures = z.object({
  currentValue: decimalString,
  costBasis: decimalString,
  gainLoss: decimalString,
  /** Null when there is no cost basis to compare with. */
  gainLossPercent: z.number().nullable(),
});
export type SummaryFigures = z.infer<typeof summaryFigures>;

export const priceSources = ["market", "last_known"] as const;
export type PriceSource = (typeof priceSources)[number];

export const summaryPosition = summaryFigures.extend({
  id: z.number().int(),
  symbol: z.string(),
  /** The company's name for stocks when the market knows it. */
  name: z.string().nullable(),
  quantity: decimalString,
  averagePurchasePrice: decimalString,
  currentPrice: decimalString,
  /**
   * "market": the market's price now. "last_known": the market could not price it, so the last
   * price seen for it is used (a stored quote, or the user's last trade), as of `priceAsOf`.
   */
  priceSource: z.enum(priceSources),
  priceAsOf: z.iso.datetime({ offset: true }).nullable(),
  /** Share of the whole portfolio's current value, in percent. */
  allocationPercent: z.number().nullable(),
});
export type SummaryPosition = z.infer<typeof summaryPosition>;

export const summarySection = z.object({
  positions: z.array(summaryPosition),
  totals: summaryFigures,
  /** This section's share of the whole portfolio's current value, in percent. */
  allocationPercent: z.number().nullable(),
});
export type SummarySection = z.infer<typeof summarySection>;

export const portfolioSummary = z.object({
  stocks: summarySection,
  crypto: summarySection,
  /** Stocks plus crypto. */
  total: summaryFigures,
  /** Today's change of the holdings the market prices (coins: 24 hours); null when none. */
  today: z.object({ change: decimalString, changePercent: z.number().nullable() }).nullable(),
  pricedAt: z.iso.datetime({ offset: true }),
});
export type PortfolioSummary = z.infer<typeof portfolioSummary>;

/** "All" starts at the first transaction, but reaches back at most this far. */
export const PORTFOLIO_HISTORY_MAX_DAYS = 731;

export const portfolioHistoryInput = z.object({
  /** Any other value means the default, so a stale link never errors. */
  range: z.enum(portfolioHistoryRanges).catch(DEFAULT_PORTFOLIO_HISTORY_RANGE),
});
export type PortfolioHistoryInput = z.output<typeof portfolioHistoryInput>;

export const portfolioHistoryPoint = z.object({
  /** A calendar day (UTC); its values are at that day's close. */
  date: calendarDate,
  stockValue: decimalString,
  cryptoValue: decimalString,
  totalValue: decimalString,
  costBasis: decimalString,
});
export type PortfolioHistoryPoint = z.infer<typeof portfolioHistoryPoint>;

export const portfolioHistory = z.object({
  points: z.array(portfolioHistoryPoint),
  /** Held symbols whose daily history could not be loaded; they are valued at their last trade. */
  unpricedSymbols: z.array(z.string()),
});
export type PortfolioHistory = z.infer<typeof portfolioHistory>;

/** The landing page's Quick Overview tiles. */
export const overviewCounts = z.object({
  savedStocks: z.number().int(),
  savedCrypto: z.number().int(),
  /** Distinct symbols held. */
  stocksOwned: z.number().int(),
  cryptoOwned: z.number().int(),
});
export type OverviewCounts = z.infer<typeof overviewCounts>;
