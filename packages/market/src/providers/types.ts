import type {
  CompanyDetails,
  CorporateAction,
  CompanySearchHit,
  CryptoCurrency,
  HistoricalBar,
  ProviderMarketStatus,
  NewsArticle,
  StockClassification,
} from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";

/**
 * The provider interfaces: one method per upstream call of spec section 7, answering in domain
 * types. Implementations throw only MarketDataError. They do no caching, batching windows, rate
 * limiting or circuit breaking: the service layer puts those in front of every provider alike.
 */

/** One day's trading as a snapshot reports it. */
export interface SnapshotBar {
  /** Null before the day's first trade or when the provider does not report it. */
  open: Decimal | null;
  high: Decimal | null;
  low: Decimal | null;
  /** "0" together with volume 0 means no trade yet today: the market is treated as closed. */
  close: Decimal;
  volume: number;
}

export interface TickerSnapshot {
  ticker: string;
  day: SnapshotBar;
  /** The most recent completed session before `day`. */
  prevDay: SnapshotBar | null;
  /** When the provider last updated this snapshot (Unix ms). */
  updatedAt: number;
}

/** One ticker's bar in a whole-market daily answer (Polygon's grouped daily bars). */
export interface TickerDayBar {
  ticker: string;
  bar: SnapshotBar;
}

export interface CompanySearchQuery {
  text: string;
  limit: number;
  activeOnly: boolean;
}

export interface NewsQuery {
  ticker: string;
  /** Unix ms; only articles published at or after it. */
  publishedSince: number;
  limit: number;
}

export interface DailyBarsQuery {
  ticker: string;
  /** Inclusive New York trading dates. */
  from: string;
  to: string;
  /**
   * Default true: prices in today's shares, continuous through splits (what charts draw).
   * False: the prices that traded on each day, which drop at a forward split's ex-date.
   */
  adjusted?: boolean;
}

export type MoversDirection = "gainers" | "losers";

export interface StockMarketProvider {
  /** Identifies the data source in persisted rows, e.g. "polygon" or "sim:ledgerline". */
  readonly id: string;
  readonly simulated: boolean;
  /** The most tickers one `getSnapshots` call may ask for. */
  readonly maxBatchSize: number;

  getSnapshot(ticker: string): Promise<TickerSnapshot>;
  /** Unknown tickers are left out of the answer rather than failing the batch. */
  getSnapshots(tickers: readonly string[]): Promise<TickerSnapshot[]>;
  /**
   * The company's sector, industry, country, asset class and size on the fixed lists of
   * @ledgerline/contracts (issue 33).
   */
  getClassification(ticker: string): Promise<StockClassification>;
  /** Active tickers only, sorted by ticker ascending. */
  searchCompanies(query: CompanySearchQuery): Promise<CompanySearchHit[]>;
  /** The company as of `date` (YYYY-MM-DD) when given, otherwise today. */
  getCompanyDetails(ticker: string, date?: string): Promise<CompanyDetails>;
  /** Ranked best first (gainers) or worst first (losers). */
  getMovers(direction: MoversDirection): Promise<TickerSnapshot[]>;
  /** Newest first. */
  getNews(query: NewsQuery): Promise<NewsArticle[]>;
  getRelatedTickers(ticker: string): Promise<string[]>;
  /** Daily bars, ascending: adjusted for splits unless asked otherwise. */
  getDailyBars(query: DailyBarsQuery): Promise<HistoricalBar[]>;
  /**
   * Every ticker's bar of one finished session (YYYY-MM-DD) in one call; empty when that day
   * had no session or its bars are not published yet.
   */
  getSessionBars(date: string): Promise<TickerDayBar[]>;
  getMarketStatus(): Promise<ProviderMarketStatus>;
  /** The ticker's splits (forward and reverse), newest first; empty when it never split. */
  getSplits(ticker: string): Promise<CorporateAction[]>;
  /** The ticker's cash dividends, declared ones included, newest first. */
  getDividends(ticker: string): Promise<CorporateAction[]>;
}

export interface Crypto24hStats {
  open: Decimal;
  high: Decimal;
  low: Decimal;
  last: Decimal;
  volume: number;
}

export interface CryptoCandlesQuery {
  symbol: string;
  /** Inclusive UTC calendar dates: a crypto day runs from 00:00 to 24:00 UTC. */
  from: string;
  to: string;
}

export interface CryptoMarketProvider {
  readonly id: string;
  readonly simulated: boolean;
  /** USD spot price of one unit. */
  getSpotPrice(symbol: string): Promise<Decimal>;
  get24hStats(symbol: string): Promise<Crypto24hStats>;
  listCurrencies(): Promise<CryptoCurrency[]>;
  /**
   * Daily USD candles, ascending, one per UTC day that had trading; today's candle, when asked
   * for, is the day so far. `t` is the day's start (00:00 UTC) in Unix ms.
   */
  getDailyCandles(query: CryptoCandlesQuery): Promise<HistoricalBar[]>;
}
