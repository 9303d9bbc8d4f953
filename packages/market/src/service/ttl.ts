import { nextSessionOpening, sessionInProgress } from "../calendar/nyse-calendar";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long each kind of answer stays fresh, and how long it may stand in for a failing upstream. */
export interface MarketTtls {
  /** Stock snapshots and movers while the market is open. */
  quoteMs: number;
  /** Stock snapshots and movers while it is closed (never past the next opening bell). */
  closedQuoteMs: number;
  cryptoQuoteMs: number;
  summaryMs: number;
  /** Every ticker's bars of one finished session (grouped daily): they do not change. */
  sessionMs: number;
  statusMs: number;
  searchMs: number;
  detailsMs: number;
  relatedMs: number;
  newsMs: number;
  currenciesMs: number;
  /** How long a not-found or not-entitled answer is remembered. */
  negativeMs: number;
  /** How long past freshness a value may be served when upstream fails. */
  staleMs: number;
}

export const defaultMarketTtls: MarketTtls = {
  quoteMs: 60 * SECOND,
  closedQuoteMs: 15 * MINUTE,
  cryptoQuoteMs: 15 * SECOND,
  summaryMs: 60 * SECOND,
  sessionMs: DAY,
  statusMs: 30 * SECOND,
  searchMs: 6 * HOUR,
  detailsMs: DAY,
  relatedMs: 7 * DAY,
  newsMs: 15 * MINUTE,
  currenciesMs: DAY,
  negativeMs: 10 * MINUTE,
  staleMs: DAY,
};

/** Freshness of a stock quote at `now`: short while trading, until the opening bell otherwise. */
export function stockQuoteFreshMs(ttls: MarketTtls, now: number): number {
  const session = sessionInProgress(now);
  if (session) return Math.max(1, Math.min(ttls.quoteMs, session.closesAt - now));
  return Math.max(1, Math.min(ttls.closedQuoteMs, nextSessionOpening(now).opensAt - now));
}
