import {
  COMPANY_SEARCH_LIMIT,
  COMPANY_SEARCH_MIN_LENGTH,
  MARKET_MOVERS_LIMIT,
  NEWS_LIMIT,
  NEWS_WINDOW_DAYS,
  RELATED_COMPANIES_LIMIT,
  marketMessages,
  timeRangeDates,
  type CompanyDetails,
  type CompanySearchHit,
  type CorporateAction,
  type HistoricalBar,
  type MarketMover,
  type MarketMovers,
  type MarketStatus,
  type MarketSummary,
  type NewsArticle,
  type RelatedCompany,
  type StockClassification,
  type StockSnapshot,
  type TimeRange,
} from "@ledgerline/contracts";
import {
  lastCompletedSession,
  nextSessionOpening,
  previousTradingDay,
  sessionInProgress,
} from "../calendar/nyse-calendar";
import type { Clock } from "@ledgerline/clock";
import { mean, percentChange, type Decimal } from "@ledgerline/money";
import { MarketDataError, toMarketDataError } from "../errors";
import type {
  SnapshotBar,
  StockMarketProvider,
  TickerDayBar,
  TickerSnapshot,
} from "../providers/types";
import type { SingleFlight } from "../resilience/single-flight";
import type { MarketStore } from "../store/market-store";
import { isValidStockSymbol, parseStockSymbol } from "../symbols";
import type { CachedLoader, LoadedEntry } from "./cached-loader";
import { quoteAgeOf } from "./quote-age";
import { DailyBarHistory } from "./daily-bars";
import type { ProviderGateway } from "./provider-gateway";
import { RecentSymbols } from "./recent-symbols";
import { SnapshotBatcher } from "./snapshot-batcher";
import {
  isMarketClosed,
  toMarketMovers,
  toPreviousSessionMovers,
  toStockSnapshot,
} from "./snapshot-view";
import { stockQuoteFreshMs, type MarketTtls } from "./ttl";
import { compareCodes } from "../compare-codes";

export type SnapshotResult =
  | { symbol: string; ok: true; snapshot: StockSnapshot }
  | { symbol: string; ok: false; error: MarketDataError };

export interface RefreshReport {
  refreshed: number;
  failed: number;
}

export interface StockMarketServiceDependencies {
  provider: StockMarketProvider;
  gateway: ProviderGateway;
  loader: CachedLoader;
  singleFlight: SingleFlight;
  store: MarketStore;
  clock: Clock;
  ttls: MarketTtls;
  batchWindowMs: number;
  /** Names known without asking upstream (the S&P 500 list). */
  knownNames: ReadonlyMap<string, string>;
  /** The symbols the market summary covers. */
  summarySymbols: readonly string[];
}

const DAY_MS = 86_400_000;
/** A change in percent, and the mean of some, to four places, as every quote's. */
const PERCENT_DECIMALS = 4;

/** One finished session's bars by ticker, as cached (a plain object, so any cache can hold it). */
type SessionBars = Record<string, SnapshotBar>;

/** The last finished session whose bars are published, and the session before it. */
interface PreviousSessions {
  last: { date: string; bars: SessionBars };
  before: { date: string; bars: SessionBars };
}

/** Finished sessions kept in process: the last two, and a day's turn-over. */
const SESSIONS_KEPT = 4;

function barOf(bars: SessionBars, ticker: string): SnapshotBar | undefined {
  return Object.hasOwn(bars, ticker) ? bars[ticker] : undefined;
}

/**
 * Every stock read the screens make, served through cache, single-flight, batching and the
 * provider gateway. Inputs are validated here, so the API can pass user input straight in.
 */
export class StockMarketService {
  private readonly provider: StockMarketProvider;
  private readonly gateway: ProviderGateway;
  private readonly loader: CachedLoader;
  private readonly store: MarketStore;
  private readonly clock: Clock;
  private readonly ttls: MarketTtls;
  private readonly batcher: SnapshotBatcher;
  private readonly history: DailyBarHistory;
  private readonly recent: RecentSymbols;
  private readonly knownNames: ReadonlyMap<string, string>;
  private readonly summarySymbols: readonly string[];
  /**
   * The screen's view of each cached provider snapshot, built once per snapshot rather than on
   * every poll (it does exact decimal division). Keyed by the cached object, so a refreshed
   * snapshot gets a new view and an evicted one takes its view with it.
   */
  private readonly views = new WeakMap<TickerSnapshot, StockSnapshot>();
  /** Symbols whose last view was built without the previous session (see viewOf). */
  private readonly fallbackViews = new Set<string>();
  private readonly sessions = new Map<string, { bars: Promise<SessionBars>; freshUntil: number }>();

  constructor(dependencies: StockMarketServiceDependencies) {
    this.provider = dependencies.provider;
    this.gateway = dependencies.gateway;
    this.loader = dependencies.loader;
    this.store = dependencies.store;
    this.clock = dependencies.clock;
    this.ttls = dependencies.ttls;
    this.knownNames = dependencies.knownNames;
    this.summarySymbols = dependencies.summarySymbols;
    this.recent = new RecentSymbols(dependencies.clock);
    this.batcher = new SnapshotBatcher(
      this.provider,
      this.gateway,
      this.clock,
      dependencies.batchWindowMs,
    );
    this.history = new DailyBarHistory(
      this.provider,
      this.gateway,
      this.store,
      dependencies.singleFlight,
      this.clock,
      (symbol) => this.rawSnapshot(symbol),
    );
  }

  get simulated(): boolean {
    return this.provider.simulated;
  }

  get providerId(): string {
    return this.provider.id;
  }

  /** Symbols users asked for within `ms`, for the refresher. */
  recentlyRequested(ms: number): string[] {
    return this.recent.within(ms);
  }

  private quoteFreshMs(): number {
    return stockQuoteFreshMs(this.ttls, this.clock.now());
  }

  private rawSnapshotEntry(symbol: string, force = false): Promise<LoadedEntry<TickerSnapshot>> {
    return this.loader.loadEntry(
      `stock:snapshot:${symbol}`,
      "snapshot",
      { freshForMs: this.quoteFreshMs(), staleForMs: this.ttls.staleMs, force },
      () => this.batcher.load(symbol),
    );
  }

  private async rawSnapshot(symbol: string, force = false): Promise<TickerSnapshot> {
    return (await this.rawSnapshotEntry(symbol, force)).value;
  }

  /**
   * Grows whenever a value a quote is shown from is stored (by any read, a live tick or the
   * refresher): with `quoteFreshUntil`, what an answer built from quotes needs to know it is
   * still current.
   */
  get generation(): number {
    return this.loader.generation;
  }

  /**
   * Until when (market clock, epoch ms) `getSnapshot(symbol)` keeps answering the quote it
   * answers now: its cache entry's freshness; 0 when there is none, or when the shown view is a
   * fallback the next read retries (a closed market whose previous session was unavailable).
   */
  async quoteFreshUntil(symbol: string): Promise<number> {
    if (this.fallbackViews.has(symbol)) return 0;
    return this.loader.freshUntil(`stock:snapshot:${symbol}`);
  }

  /** A quote, marked stale (with its age) when the provider failed and the cached one is shown. */
  async getSnapshot(symbolInput: string): Promise<StockSnapshot> {
    const symbol = parseStockSymbol(symbolInput, "snapshot");
    this.recent.note(symbol);
    return this.agedSnapshot(symbol, false);
  }

  private async agedSnapshot(symbol: string, force: boolean): Promise<StockSnapshot> {
    const entry = await this.rawSnapshotEntry(symbol, force);
    const view = await this.viewOf(entry.value, await this.companyName(symbol));
    return { ...view, ...quoteAgeOf(entry, this.clock.now()) };
  }

  /**
   * The snapshot as of now, for live prices: a simulated market is read afresh (it is free and
   * moves every second), a real one through the cache as usual (kept warm by the refresher).
   */
  async liveSnapshot(symbolInput: string): Promise<StockSnapshot> {
    return this.agedSnapshot(parseStockSymbol(symbolInput, "snapshot"), this.simulated);
  }

  /**
   * The screen's view of a snapshot. While closed it shows the last session, measured against
   * the close of the session before it (from one grouped call for the whole market); if that is
   * unavailable the change reads 0 and the view is not kept, so the next read tries again.
   */
  private async viewOf(snapshot: TickerSnapshot, companyName: string): Promise<StockSnapshot> {
    const view = this.views.get(snapshot);
    if (view?.companyName === companyName) return view;
    let closeBefore: Decimal | null = null;
    if (isMarketClosed(snapshot) && snapshot.prevDay) {
      try {
        const { before } = await this.previousSessions();
        closeBefore = barOf(before.bars, snapshot.ticker)?.close ?? null;
      } catch {
        this.fallbackViews.add(snapshot.ticker);
        return toStockSnapshot(snapshot, companyName);
      }
    }
    const fresh = toStockSnapshot(snapshot, companyName, closeBefore);
    this.fallbackViews.delete(snapshot.ticker);
    this.views.set(snapshot, fresh);
    return fresh;
  }

  /**
   * Every ticker's bars of one finished session, one upstream call per day however many read it.
   * Kept in this process too (a few dates, as long as the cache keeps them fresh), so a shared
   * cache does not parse the whole market again for every quote shown.
   */
  private sessionBars(date: string): Promise<SessionBars> {
    const now = this.clock.now();
    const known = this.sessions.get(date);
    if (known && known.freshUntil > now) return known.bars;
    const bars = this.loadSessionBars(date);
    this.sessions.delete(date);
    this.sessions.set(date, { bars, freshUntil: now + this.ttls.sessionMs });
    // A failed load is not kept: the next read asks again (the loader remembers what it should).
    bars.catch(() => {
      if (this.sessions.get(date)?.bars === bars) this.sessions.delete(date);
    });
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= SESSIONS_KEPT) break;
      this.sessions.delete(oldest);
    }
    return bars;
  }

  private loadSessionBars(date: string): Promise<SessionBars> {
    return this.loader.load(
      `stock:session:${date}`,
      "bars",
      { freshForMs: this.ttls.sessionMs, staleForMs: this.ttls.staleMs },
      async () => {
        const bars: TickerDayBar[] = await this.gateway.call("bars", () =>
          this.provider.getSessionBars(date),
        );
        if (bars.length === 0) {
          // Remembered briefly as not found: the day may be published later.
          throw new MarketDataError("bars", "not_found", {
            detail: `no session bars published for ${date}`,
          });
        }
        return Object.fromEntries(bars.map(({ ticker, bar }) => [ticker, bar]));
      },
    );
  }

  /** The last finished session (or the one before, while its bars are not published yet). */
  private async previousSessions(): Promise<PreviousSessions> {
    let date = lastCompletedSession(this.clock.now()).date;
    let bars: SessionBars;
    try {
      bars = await this.sessionBars(date);
    } catch (error) {
      if (toMarketDataError(error, "bars").kind !== "not_found") throw error;
      date = previousTradingDay(date);
      bars = await this.sessionBars(date);
    }
    const beforeDate = previousTradingDay(date);
    return {
      last: { date, bars },
      before: { date: beforeDate, bars: await this.sessionBars(beforeDate) },
    };
  }

  /** One result per distinct symbol, in input order; one failure does not fail the rest. */
  async getSnapshots(symbolInputs: readonly string[]): Promise<SnapshotResult[]> {
    const symbols = [...new Set(symbolInputs.map((input) => input.trim().toUpperCase()))];
    return Promise.all(
      symbols.map(async (symbol): Promise<SnapshotResult> => {
        try {
          return { symbol, ok: true, snapshot: await this.getSnapshot(symbol) };
        } catch (error) {
          return { symbol, ok: false, error: toMarketDataError(error, "snapshot") };
        }
      }),
    );
  }

  /** Refetches these snapshots now, whatever their freshness (used by the refresher). */
  async refreshSnapshots(symbols: readonly string[]): Promise<RefreshReport> {
    const valid = [...new Set(symbols)].filter(isValidStockSymbol);
    const results = await Promise.allSettled(valid.map((symbol) => this.rawSnapshot(symbol, true)));
    const failed = results.filter((result) => result.status === "rejected").length;
    return { refreshed: results.length - failed, failed };
  }

  /** A name without an upstream call when possible: the universe list, then stored details. */
  private async companyName(symbol: string): Promise<string> {
    const known = this.knownNames.get(symbol);
    if (known) return known;
    try {
      return (await this.getCompanyDetails(symbol)).name;
    } catch {
      return "";
    }
  }

  async searchCompanies(queryInput: string): Promise<CompanySearchHit[]> {
    const text = queryInput.trim();
    if (text.length < COMPANY_SEARCH_MIN_LENGTH) return [];
    return this.loader.load(
      `stock:search:${text.toLowerCase()}`,
      "search",
      { freshForMs: this.ttls.searchMs, staleForMs: this.ttls.staleMs, showsInQuotes: false },
      async () => {
        const hits = await this.gateway.call("search", () =>
          this.provider.searchCompanies({ text, limit: COMPANY_SEARCH_LIMIT, activeOnly: true }),
        );
        return [...hits]
          .sort((a, b) => compareCodes(a.ticker, b.ticker))
          .slice(0, COMPANY_SEARCH_LIMIT);
      },
    );
  }

  /**
   * Splits and dividends of a stock, newest first (a split before a dividend of the same day).
   * Cached like other reference data; `force` re-reads the provider (the admin's re-sync).
   */
  async getCorporateActions(
    symbolInput: string,
    options: { force?: boolean } = {},
  ): Promise<CorporateAction[]> {
    const symbol = parseStockSymbol(symbolInput, "corporate_actions");
    return this.loader.load(
      `stock:corporate-actions:${symbol}`,
      "corporate_actions",
      {
        freshForMs: this.ttls.detailsMs,
        staleForMs: this.ttls.staleMs,
        force: options.force,
        showsInQuotes: false,
      },
      async () => {
        const [splits, dividends] = await Promise.all([
          this.gateway.call("corporate_actions", () => this.provider.getSplits(symbol)),
          this.gateway.call("corporate_actions", () => this.provider.getDividends(symbol)),
        ]);
        // "split" sorts after "dividend": reversed, a split comes first on a shared day.
        return [...splits, ...dividends].sort(
          (a, b) => compareCodes(b.exDate, a.exDate) || compareCodes(b.type, a.type),
        );
      },
    );
  }

  /**
   * The company's classification (issue 33), cached as reference data: it changes when the
   * company does, and its size bucket at most as often as the details' market cap.
   */
  async getClassification(symbolInput: string): Promise<StockClassification> {
    const symbol = parseStockSymbol(symbolInput, "details");
    return this.loader.load(
      `stock:classification:${symbol}`,
      "details",
      { freshForMs: this.ttls.detailsMs, staleForMs: this.ttls.staleMs, showsInQuotes: false },
      () => this.gateway.call("details", () => this.provider.getClassification(symbol)),
    );
  }

  /** Today's details come from the store when recent enough; details for a past date are cached only. */
  async getCompanyDetails(
    symbolInput: string,
    options: { date?: string } = {},
  ): Promise<CompanyDetails> {
    const symbol = parseStockSymbol(symbolInput, "details");
    const { date } = options;
    if (date) {
      return this.loader.load(
        `stock:details:${symbol}:${date}`,
        "details",
        { freshForMs: this.ttls.detailsMs, staleForMs: this.ttls.staleMs },
        () => this.gateway.call("details", () => this.provider.getCompanyDetails(symbol, date)),
      );
    }
    return this.loader.load(
      `stock:details:${symbol}`,
      "details",
      { freshForMs: this.ttls.detailsMs, staleForMs: this.ttls.staleMs },
      async () => {
        const source = this.provider.id;
        const stored = await this.store.getCompanyDetails(source, symbol);
        const now = this.clock.now();
        if (stored && now - stored.fetchedAt.getTime() < this.ttls.detailsMs) return stored.details;
        try {
          const details = await this.gateway.call("details", () =>
            this.provider.getCompanyDetails(symbol),
          );
          await this.store.saveCompanyDetails(source, details, new Date(now));
          return details;
        } catch (error) {
          const failure = toMarketDataError(error, "details");
          if (stored && failure.kind !== "not_found") return stored.details;
          throw failure;
        }
      },
    );
  }

  /**
   * Peers with a snapshot each. As the spec says, a failing list gives no peers and a failing
   * peer gives a row with an empty name and zero prices; an unknown symbol is still not found.
   */
  async getRelatedCompanies(symbolInput: string): Promise<RelatedCompany[]> {
    const symbol = parseStockSymbol(symbolInput, "related");
    let tickers: string[];
    try {
      tickers = await this.loader.load(
        `stock:related:${symbol}`,
        "related",
        { freshForMs: this.ttls.relatedMs, staleForMs: this.ttls.staleMs, showsInQuotes: false },
        () => this.gateway.call("related", () => this.provider.getRelatedTickers(symbol)),
      );
    } catch (error) {
      const failure = toMarketDataError(error, "related");
      if (failure.kind === "not_found") throw failure;
      return [];
    }
    const peers = [...new Set(tickers.map((ticker) => ticker.toUpperCase()))]
      .filter((ticker) => ticker !== symbol && isValidStockSymbol(ticker))
      .slice(0, RELATED_COMPANIES_LIMIT);
    return Promise.all(
      peers.map(async (ticker): Promise<RelatedCompany> => {
        try {
          const snapshot = await this.viewOf(
            await this.rawSnapshot(ticker),
            await this.companyName(ticker),
          );
          return {
            ticker,
            name: snapshot.companyName,
            price: snapshot.price,
            previousClose: snapshot.previousClose,
            changePercent: percentChange(snapshot.price, snapshot.previousClose) ?? 0,
          };
        } catch {
          return { ticker, name: "", price: "0", previousClose: "0", changePercent: 0 };
        }
      }),
    );
  }

  /** The last 30 days, newest first, at most 10. */
  async getNews(symbolInput: string): Promise<NewsArticle[]> {
    const symbol = parseStockSymbol(symbolInput, "news");
    return this.loader.load(
      `stock:news:${symbol}`,
      "news",
      { freshForMs: this.ttls.newsMs, staleForMs: this.ttls.staleMs, showsInQuotes: false },
      async () => {
        const since = this.clock.now() - NEWS_WINDOW_DAYS * DAY_MS;
        const articles = await this.gateway.call("news", () =>
          this.provider.getNews({ ticker: symbol, publishedSince: since, limit: NEWS_LIMIT }),
        );
        return [...articles]
          .filter((article) => Date.parse(article.published_utc) >= since)
          .sort((a, b) => Date.parse(b.published_utc) - Date.parse(a.published_utc))
          .slice(0, NEWS_LIMIT);
      },
    );
  }

  /** Daily bars for a chart range ending today (New York), ascending. */
  async getHistoricalBars(symbolInput: string, range: TimeRange): Promise<HistoricalBar[]> {
    const symbol = parseStockSymbol(symbolInput, "bars");
    const { from, to } = timeRangeDates(range, new Date(this.clock.now()));
    return this.getDailyBars(symbol, from, to);
  }

  /** Daily bars between two dates, both included; finished days are fetched once, ever. */
  async getDailyBars(symbolInput: string, from: string, to: string): Promise<HistoricalBar[]> {
    const symbol = parseStockSymbol(symbolInput, "bars");
    return this.loader.load(
      `stock:bars:${symbol}:${from}:${to}`,
      "bars",
      { freshForMs: this.quoteFreshMs(), staleForMs: this.ttls.staleMs, showsInQuotes: false },
      () => this.history.bars(symbol, from, to),
    );
  }

  async getMarketMovers(options: { force?: boolean } = {}): Promise<MarketMovers> {
    return this.loader.load(
      "stock:movers",
      "movers",
      {
        freshForMs: this.quoteFreshMs(),
        staleForMs: this.ttls.staleMs,
        force: options.force ?? false,
      },
      async () => {
        // Outside a session the provider's lists are empty or all zeros: go straight to the
        // last session's movers (design.md: the previous trading day's real figures).
        if (!sessionInProgress(this.clock.now())) return this.previousSessionMovers();
        const [gainers, losers] = await Promise.all([
          this.gateway.call("movers", () => this.provider.getMovers("gainers")),
          this.gateway.call("movers", () => this.provider.getMovers("losers")),
        ]);
        const live = toMarketMovers(gainers, losers, this.clock.now());
        if (live.marketStatus === marketMessages.marketOpen) return live;
        // No trade yet today (the spec's closed rule): the last session's, if they can be had.
        return this.previousSessionMovers().catch(() => live);
      },
    );
  }

  private async previousSessionMovers(): Promise<MarketMovers> {
    const { last, before } = await this.previousSessions();
    return toPreviousSessionMovers(
      Object.entries(last.bars).map(([ticker, bar]) => ({ ticker, bar })),
      (ticker) => barOf(before.bars, ticker)?.close,
      this.clock.now(),
    );
  }

  /**
   * Breadth over the summary universe (the S&P 500 by default): total volume, average change,
   * advancers and decliners, top gainers and losers and the most active, from the same cached
   * snapshots the rest of the app shows.
   */
  async getMarketSummary(): Promise<MarketSummary> {
    return this.loader.load(
      "stock:summary",
      "summary",
      {
        freshForMs: Math.min(this.ttls.summaryMs, this.quoteFreshMs()),
        staleForMs: this.ttls.staleMs,
      },
      async () => {
        const settled = await Promise.allSettled(
          this.summarySymbols.map(async (symbol) =>
            this.viewOf(await this.rawSnapshot(symbol), ""),
          ),
        );
        const snapshots = settled.flatMap((result) =>
          result.status === "fulfilled" ? [result.value] : [],
        );
        if (snapshots.length === 0 && this.summarySymbols.length > 0) {
          const firstFailure = settled.find((result) => result.status === "rejected");
          throw toMarketDataError(firstFailure?.reason ?? new Error("no snapshots"), "summary");
        }
        const closed =
          snapshots.length > 0 &&
          snapshots.every((snapshot) => snapshot.marketStatus !== marketMessages.marketOpen);
        const toMover = (snapshot: StockSnapshot): MarketMover => ({
          symbol: snapshot.symbol,
          price: snapshot.price,
          changePercent: snapshot.changePercent,
          volume: snapshot.volume,
          marketStatus: snapshot.marketStatus,
        });
        const byChange = [...snapshots].sort(
          (a, b) => b.changePercent - a.changePercent || compareCodes(a.symbol, b.symbol),
        );
        return {
          symbolCount: snapshots.length,
          totalVolume: snapshots.reduce((sum, snapshot) => sum + snapshot.volume, 0),
          averageChangePercent: Number(
            mean(
              snapshots.map((snapshot) => String(snapshot.changePercent)),
              PERCENT_DECIMALS,
            ) ?? 0,
          ),
          advancers: snapshots.filter((snapshot) => snapshot.changePercent > 0).length,
          decliners: snapshots.filter((snapshot) => snapshot.changePercent < 0).length,
          unchanged: snapshots.filter((snapshot) => snapshot.changePercent === 0).length,
          topGainers: byChange
            .filter((snapshot) => snapshot.changePercent > 0)
            .slice(0, MARKET_MOVERS_LIMIT)
            .map(toMover),
          topLosers: byChange
            .filter((snapshot) => snapshot.changePercent < 0)
            .reverse()
            .slice(0, MARKET_MOVERS_LIMIT)
            .map(toMover),
          mostActive: [...snapshots]
            .filter((snapshot) => snapshot.volume > 0)
            .sort((a, b) => b.volume - a.volume || compareCodes(a.symbol, b.symbol))
            .slice(0, MARKET_MOVERS_LIMIT)
            .map(toMover),
          marketStatus: closed
            ? marketMessages.marketClosedUsingPreviousClose
            : marketMessages.marketOpen,
          lastUpdate: new Date(this.clock.now()).toISOString(),
        };
      },
    );
  }

  /** The provider's status, and from the calendar (after the cache, so never past) the next opening. */
  async getMarketStatus(): Promise<MarketStatus> {
    const status = await this.loader.load(
      "stock:status",
      "status",
      { freshForMs: this.ttls.statusMs, staleForMs: this.ttls.staleMs },
      () => this.gateway.call("status", () => this.provider.getMarketStatus()),
    );
    const nextOpenAt = new Date(nextSessionOpening(this.clock.now()).opensAt).toISOString();
    return { ...status, nextOpenAt };
  }
}
