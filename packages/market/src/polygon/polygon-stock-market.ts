import {
  sentiments,
  type CompanyDetails,
  type CorporateAction,
  type CompanySearchHit,
  type HistoricalBar,
  type ProviderMarketStatus,
  type NewsArticle,
  type StockClassification,
} from "@ledgerline/contracts";
import { newYorkDate } from "../calendar/new-york-time";
import { lastCompletedSession, previousTradingDay } from "../calendar/nyse-calendar";
import { systemClock, type Clock } from "@ledgerline/clock";
import { exactDecimal } from "@ledgerline/money";
import { MarketDataError, type MarketOperation } from "../errors";
import {
  getJson,
  parseUpstream,
  toProviderError,
  UpstreamError,
  type FetchFunction,
} from "../http/upstream";
// The provider interface's types, in which every stock market answers (Polygon's own payloads
// are in ./payloads).
import type * as provider from "../providers/types";
import { classificationOfDetails } from "./classification";
import {
  aggregatesAnswer,
  detailsAnswer,
  dividendsAnswer,
  errorBody,
  marketStatusAnswer,
  newsAnswer,
  relatedAnswer,
  searchAnswer,
  singleSnapshotAnswer,
  snapshotListAnswer,
  splitsAnswer,
  type PolygonSnapshotTicker,
} from "./payloads";
import { compareCodes } from "../compare-codes";

export interface PolygonConfig {
  apiKey: string;
  /** Default https://api.polygon.io (tests point it at a local server). */
  baseUrl?: string;
  /** Per request, including the body. Default 3000 ms. */
  timeoutMs?: number;
  /**
   * Whether the plan includes snapshots. Default: find out; the first 403 NOT_AUTHORIZED on a
   * snapshot switches this adapter to previous-close aggregates for good.
   */
  snapshotsEntitled?: boolean;
  fetch?: FetchFunction;
  /** Only used to pick the previous session for grouped aggregates. */
  clock?: Clock;
}

/** Pages followed through `next_url` before giving up: a loop upstream must not hang a request. */
const MAX_REFERENCE_PAGES = 20;

type BarFields = {
  o?: number | null;
  h?: number | null;
  l?: number | null;
  c?: number | null;
  v?: number | null;
};

const NO_TRADES: provider.SnapshotBar = {
  open: null,
  high: null,
  low: null,
  close: "0",
  volume: 0,
};

function positive(value: number | null | undefined): string | null {
  return value === null || value === undefined || value <= 0 ? null : exactDecimal(value);
}

function toSnapshotBar(bar: BarFields | null | undefined): provider.SnapshotBar {
  if (!bar) return NO_TRADES;
  return {
    open: positive(bar.o),
    high: positive(bar.h),
    low: positive(bar.l),
    close: exactDecimal(bar.c ?? 0),
    volume: bar.v ?? 0,
  };
}

function toPrevDay(bar: BarFields | null | undefined): provider.SnapshotBar | null {
  return bar && bar.c && bar.c > 0 ? toSnapshotBar(bar) : null;
}

/** One page of a v3 reference list. */
interface PageOf<T> {
  results?: T[] | null;
  next_url?: string | null;
}

/** A v3 reference list of corporate actions: where it is, its date field, how a page is read. */
interface ReferenceList<T> {
  path: string;
  sortBy: string;
  parse: (body: unknown) => PageOf<T>;
}

const splitsList = {
  path: "/v3/reference/splits",
  sortBy: "execution_date",
  parse: (body: unknown) => parseUpstream(splitsAnswer, body, "corporate_actions", "Polygon"),
};

const dividendsList = {
  path: "/v3/reference/dividends",
  sortBy: "ex_dividend_date",
  parse: (body: unknown) => parseUpstream(dividendsAnswer, body, "corporate_actions", "Polygon"),
};

/** The stock provider over Polygon.io (Massive) REST. */
export class PolygonStockMarket implements provider.StockMarketProvider {
  readonly id = "polygon";
  readonly simulated = false;
  /** Tickers per multi-ticker snapshot, keeping the URL well under common 8 KB limits. */
  readonly maxBatchSize = 250;

  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly clock: Clock;
  private snapshotsEntitled: boolean | undefined;

  constructor(private readonly config: PolygonConfig) {
    if (!config.apiKey) throw new Error("PolygonStockMarket needs an API key");
    this.baseUrl = (config.baseUrl ?? "https://api.polygon.io").replace(/\/+$/, "");
    this.timeoutMs = config.timeoutMs ?? 3000;
    this.clock = config.clock ?? systemClock;
    this.snapshotsEntitled = config.snapshotsEntitled;
  }

  private async get(
    path: string,
    query: Record<string, string | number | boolean> = {},
  ): Promise<unknown> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
    // The key goes in a header, not the query string, so it never lands in access logs.
    return getJson(url.toString(), {
      provider: "Polygon",
      headers: { authorization: `Bearer ${this.config.apiKey}` },
      timeoutMs: this.timeoutMs,
      fetch: this.config.fetch,
    });
  }

  /**
   * Every result of a v3 reference list, following `next_url`. Only its path and cursor are
   * taken: the request stays on our base URL with the key in the header, whatever host the
   * link names.
   */
  private async allPages<T>(
    path: string,
    query: Record<string, string | number>,
    parse: (body: unknown) => PageOf<T>,
  ): Promise<T[]> {
    const results: T[] = [];
    let page = parse(await this.get(path, query));
    results.push(...(page.results ?? []));
    for (let pages = 1; page.next_url && pages < MAX_REFERENCE_PAGES; pages++) {
      const next = new URL(page.next_url);
      page = parse(await this.get(next.pathname, Object.fromEntries(next.searchParams)));
      results.push(...(page.results ?? []));
    }
    return results;
  }

  /**
   * A ticker's corporate actions of one kind from a reference list (every page), newest first.
   * The list is asked for the ticker, but only rows that name it are kept.
   */
  private tickerActions<T extends { ticker: string }>(
    ticker: string,
    list: ReferenceList<T>,
    toAction: (row: T) => CorporateAction,
  ): Promise<CorporateAction[]> {
    return this.call("corporate_actions", async () => {
      const rows = await this.allPages(
        list.path,
        { ticker, order: "desc", sort: list.sortBy, limit: 1000 },
        list.parse,
      );
      return rows
        .filter((row) => row.ticker === ticker)
        .map(toAction)
        .sort((a, b) => compareCodes(b.exDate, a.exDate));
    });
  }

  getSplits(ticker: string): Promise<CorporateAction[]> {
    return this.tickerActions(ticker, splitsList, (split) => ({
      symbol: ticker,
      type: "split",
      exDate: split.execution_date,
      splitFrom: exactDecimal(split.split_from),
      splitTo: exactDecimal(split.split_to),
    }));
  }

  getDividends(ticker: string): Promise<CorporateAction[]> {
    return this.tickerActions(ticker, dividendsList, (dividend) => ({
      symbol: ticker,
      type: "dividend",
      exDate: dividend.ex_dividend_date,
      ...(dividend.pay_date ? { payDate: dividend.pay_date } : {}),
      cashAmount: exactDecimal(dividend.cash_amount),
    }));
  }

  private async call<T>(operation: MarketOperation, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toProviderError(error, operation);
    }
  }

  private isNotEntitled(error: unknown): boolean {
    if (!(error instanceof UpstreamError) || error.status !== 403) return false;
    const body = errorBody.safeParse(error.body);
    return body.success && body.data.status === "NOT_AUTHORIZED";
  }

  private toSnapshot(ticker: PolygonSnapshotTicker): provider.TickerSnapshot {
    const updated = ticker.updated ?? ticker.lastTrade?.t ?? null;
    return {
      ticker: ticker.ticker,
      day: toSnapshotBar(ticker.day),
      prevDay: toPrevDay(ticker.prevDay),
      // Polygon stamps snapshots in nanoseconds.
      updatedAt: updated ? Math.floor(updated / 1e6) : this.clock.now(),
    };
  }

  async getSnapshot(ticker: string): Promise<provider.TickerSnapshot> {
    return this.call("snapshot", async () => {
      if (this.snapshotsEntitled !== false) {
        try {
          const body = await this.get(
            `/v2/snapshot/locale/us/markets/stocks/tickers/${encodeURIComponent(ticker)}`,
          );
          const answer = parseUpstream(singleSnapshotAnswer, body, "snapshot", "Polygon");
          this.snapshotsEntitled = true;
          return this.toSnapshot(answer.ticker);
        } catch (error) {
          if (!this.isNotEntitled(error)) throw error;
          this.snapshotsEntitled = false;
        }
      }
      return this.previousCloseSnapshot(ticker);
    });
  }

  async getSnapshots(tickers: readonly string[]): Promise<provider.TickerSnapshot[]> {
    if (tickers.length === 0) return [];
    return this.call("snapshot", async () => {
      if (this.snapshotsEntitled !== false) {
        try {
          const body = await this.get("/v2/snapshot/locale/us/markets/stocks/tickers", {
            tickers: tickers.join(","),
          });
          const answer = parseUpstream(snapshotListAnswer, body, "snapshot", "Polygon");
          this.snapshotsEntitled = true;
          return (answer.tickers ?? []).map((ticker) => this.toSnapshot(ticker));
        } catch (error) {
          if (!this.isNotEntitled(error)) throw error;
          this.snapshotsEntitled = false;
        }
      }
      if (tickers.length === 1) {
        try {
          return [await this.previousCloseSnapshot(tickers[0]!)];
        } catch (error) {
          if (error instanceof MarketDataError && error.kind === "not_found") return [];
          throw error;
        }
      }
      return this.groupedPreviousCloseSnapshots(tickers);
    });
  }

  /** Without snapshot entitlement: the previous day's bar, and no trades today (market closed). */
  private async previousCloseSnapshot(ticker: string): Promise<provider.TickerSnapshot> {
    const body = await this.get(`/v2/aggs/ticker/${encodeURIComponent(ticker)}/prev`, {
      adjusted: true,
    });
    const bar = parseUpstream(aggregatesAnswer, body, "snapshot", "Polygon").results?.[0];
    if (!bar)
      throw new MarketDataError("snapshot", "not_found", {
        detail: `Polygon has no previous close for ${ticker}`,
      });
    return { ticker, day: NO_TRADES, prevDay: toPrevDay(bar), updatedAt: bar.t };
  }

  /**
   * Previous closes of many tickers in one call: the grouped daily bars of the last completed
   * session (or the one before, if that day is not published yet).
   */
  private async groupedPreviousCloseSnapshots(
    tickers: readonly string[],
  ): Promise<provider.TickerSnapshot[]> {
    const wanted = new Set(tickers);
    let date = lastCompletedSession(this.clock.now()).date;
    for (let attempt = 0; attempt < 2; attempt++) {
      const bars = await this.groupedDailyBars(date, "snapshot");
      if (bars.length > 0) {
        return bars
          .filter((bar) => wanted.has(bar.ticker))
          .map((bar) => ({
            ticker: bar.ticker,
            day: NO_TRADES,
            prevDay: bar.bar,
            updatedAt: bar.t,
          }));
      }
      date = previousTradingDay(date);
    }
    return [];
  }

  /** One session's bars for every ticker that traded: `GET /v2/aggs/grouped/.../{date}`. */
  private async groupedDailyBars(
    date: string,
    operation: MarketOperation,
  ): Promise<(provider.TickerDayBar & { t: number })[]> {
    const body = await this.get(`/v2/aggs/grouped/locale/us/market/stocks/${date}`, {
      adjusted: true,
    });
    return (parseUpstream(aggregatesAnswer, body, operation, "Polygon").results ?? []).flatMap(
      (bar) => {
        const prevDay = toPrevDay(bar);
        return bar.T && prevDay ? [{ ticker: bar.T, bar: prevDay, t: bar.t }] : [];
      },
    );
  }

  async getSessionBars(date: string): Promise<provider.TickerDayBar[]> {
    return this.call("bars", async () =>
      (await this.groupedDailyBars(date, "bars")).map(({ ticker, bar }) => ({ ticker, bar })),
    );
  }

  async searchCompanies(query: provider.CompanySearchQuery): Promise<CompanySearchHit[]> {
    return this.call("search", async () => {
      const body = await this.get("/v3/reference/tickers", {
        search: query.text,
        market: "stocks",
        active: query.activeOnly,
        sort: "ticker",
        order: "asc",
        limit: query.limit,
      });
      return (parseUpstream(searchAnswer, body, "search", "Polygon").results ?? [])
        .filter((hit) => !query.activeOnly || hit.active !== false)
        .map((hit) => ({
          ticker: hit.ticker,
          name: hit.name ?? hit.ticker,
          market: hit.market ?? "stocks",
          locale: hit.locale ?? "us",
        }))
        .slice(0, query.limit);
    });
  }

  private async tickerDetails(ticker: string, date?: string) {
    const body = await this.get(
      `/v3/reference/tickers/${encodeURIComponent(ticker)}`,
      date ? { date } : {},
    );
    return parseUpstream(detailsAnswer, body, "details", "Polygon").results;
  }

  /** From the ticker details: SIC description mapped to the sector list, locale, type, size. */
  async getClassification(ticker: string): Promise<StockClassification> {
    return this.call("details", async () => {
      const details = await this.tickerDetails(ticker);
      return classificationOfDetails(details);
    });
  }

  async getCompanyDetails(ticker: string, date?: string): Promise<CompanyDetails> {
    return this.call("details", async () => {
      const details = await this.tickerDetails(ticker, date);
      return {
        ticker: details.ticker,
        name: details.name ?? details.ticker,
        market_cap: details.market_cap ?? null,
        total_employees:
          details.total_employees === null || details.total_employees === undefined
            ? null
            : Math.round(details.total_employees),
        list_date:
          details.list_date && /^\d{4}-\d{2}-\d{2}$/.test(details.list_date)
            ? details.list_date
            : null,
        primary_exchange: details.primary_exchange ?? null,
        sic_description: details.sic_description ?? null,
        weighted_shares_outstanding:
          details.weighted_shares_outstanding ?? details.share_class_shares_outstanding ?? null,
        description: details.description ?? null,
        address: details.address
          ? {
              address1: details.address.address1 ?? null,
              city: details.address.city ?? null,
              state: details.address.state ?? null,
              postal_code: details.address.postal_code ?? null,
            }
          : null,
        phone_number: details.phone_number ?? null,
        homepage_url: details.homepage_url ?? null,
        simulated: false,
      };
    });
  }

  async getMovers(direction: provider.MoversDirection): Promise<provider.TickerSnapshot[]> {
    return this.call("movers", async () => {
      const body = await this.get(`/v2/snapshot/locale/us/markets/stocks/${direction}`);
      return (parseUpstream(snapshotListAnswer, body, "movers", "Polygon").tickers ?? []).map(
        (ticker) => this.toSnapshot(ticker),
      );
    });
  }

  async getNews(query: provider.NewsQuery): Promise<NewsArticle[]> {
    return this.call("news", async () => {
      const body = await this.get("/v2/reference/news", {
        ticker: query.ticker,
        "published_utc.gte": new Date(query.publishedSince).toISOString(),
        order: "desc",
        sort: "published_utc",
        limit: query.limit,
      });
      return (parseUpstream(newsAnswer, body, "news", "Polygon").results ?? []).map((article) => ({
        id: article.id,
        // Polygon's favicons live on a third-party host the CSP does not allow; show the initial.
        publisher: { name: article.publisher?.name ?? "Unknown publisher", favicon_url: null },
        published_utc: article.published_utc,
        title: article.title,
        description: article.description ?? null,
        article_url: article.article_url,
        insights: (article.insights ?? []).map((insight) => ({
          ticker: insight.ticker,
          sentiment: (sentiments as readonly string[]).includes(insight.sentiment ?? "")
            ? (insight.sentiment as (typeof sentiments)[number])
            : "neutral",
          ...(insight.sentiment_reasoning
            ? { sentiment_reasoning: insight.sentiment_reasoning }
            : {}),
        })),
      }));
    });
  }

  async getRelatedTickers(ticker: string): Promise<string[]> {
    return this.call("related", async () => {
      const body = await this.get(`/v1/related-companies/${encodeURIComponent(ticker)}`);
      return (parseUpstream(relatedAnswer, body, "related", "Polygon").results ?? []).map(
        (result) => result.ticker,
      );
    });
  }

  async getDailyBars(query: provider.DailyBarsQuery): Promise<HistoricalBar[]> {
    return this.call("bars", async () => {
      const body = await this.get(
        `/v2/aggs/ticker/${encodeURIComponent(query.ticker)}/range/1/day/${query.from}/${query.to}`,
        { adjusted: query.adjusted ?? true, sort: "asc", limit: 50_000 },
      );
      const bars: HistoricalBar[] = [];
      for (const bar of parseUpstream(aggregatesAnswer, body, "bars", "Polygon").results ?? []) {
        if (!bar.c || !bar.o) continue;
        bars.push({
          date: newYorkDate(bar.t),
          t: bar.t,
          o: exactDecimal(bar.o),
          h: exactDecimal(bar.h ?? Math.max(bar.o, bar.c)),
          l: exactDecimal(bar.l ?? Math.min(bar.o, bar.c)),
          c: exactDecimal(bar.c),
          v: bar.v ?? 0,
        });
      }
      return bars;
    });
  }

  async getMarketStatus(): Promise<ProviderMarketStatus> {
    return this.call("status", async () => {
      const answer = parseUpstream(
        marketStatusAnswer,
        await this.get("/v1/marketstatus/now"),
        "status",
        "Polygon",
      );
      const market =
        answer.market === "open"
          ? "open"
          : answer.market === "extended-hours"
            ? "extended-hours"
            : "closed";
      const serverTime =
        answer.serverTime && !Number.isNaN(Date.parse(answer.serverTime))
          ? new Date(answer.serverTime)
          : new Date(this.clock.now());
      return {
        market,
        isOpen: market === "open",
        earlyHours: answer.earlyHours ?? false,
        afterHours: answer.afterHours ?? false,
        serverTime: serverTime.toISOString(),
        simulated: false,
      };
    });
  }
}
