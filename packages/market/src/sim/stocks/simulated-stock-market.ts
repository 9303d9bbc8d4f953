import type {
  CompanyDetails,
  CorporateAction,
  CompanySearchHit,
  HistoricalBar,
  ProviderMarketStatus,
  NewsArticle,
  StockClassification,
} from "@ledgerline/contracts";
import { newYorkDate, newYorkMidnight } from "../../calendar/new-york-time";
import {
  lastCompletedSession,
  marketPhaseAt,
  sessionInProgress,
  sessionOn,
} from "../../calendar/nyse-calendar";
import { systemClock, type Clock } from "@ledgerline/clock";
import { fromScaled, percentChange } from "@ledgerline/money";
import { MarketDataError, type MarketOperation } from "../../errors";
import type {
  CompanySearchQuery,
  DailyBarsQuery,
  MoversDirection,
  NewsQuery,
  SnapshotBar,
  StockMarketProvider,
  TickerDayBar,
  TickerSnapshot,
} from "../../providers/types";
import { SimulatedNews } from "../news/news-generator";
import { DEFAULT_FAVICON_BASE_PATH } from "../news/publishers";
import { KeyedRandom } from "../random";
import { slices } from "../slices";
import { simClassification } from "./classification";
import { buildCompanyProfiles, type CompanyProfile } from "./company-profiles";
import { SimCorporateActions } from "./corporate-actions";
import { MarketFactor, StockPriceModel, type SessionBar } from "./price-model";
import { SIM_HISTORY_START, TradingDays } from "./trading-days";
import { compareCodes } from "../../compare-codes";

/**
 * Deliberate gaps, so that every branch of the screens can be reached in the demo market.
 * (Tickers with no related companies are the ones alone in their GICS sub-industry; see
 * `simTickersWithoutRelated`.)
 */
/** No articles at all: the news panel shows 'No recent news articles found'. */
export const SIM_TICKERS_WITHOUT_NEWS: readonly string[] = ["AOS", "ALLE", "NWS"];
/** Class B lines whose feed reports no open/high/low during the session: the cards show N/A. */
export const SIM_TICKERS_WITHOUT_INTRADAY_RANGE: readonly string[] = ["FOX", "NWS"];

export const DEFAULT_SIM_SEED = "ledgerline";
/**
 * The version of the simulated price model, part of the provider's id so that bars and details
 * stored by an earlier model (keyed by that id in the market-data tables) are never mixed with
 * this one's. Bump it whenever the same (seed, symbol, day) gives different prices.
 * v2: prices kept near dated reference closes (reference.ts).
 */
export const SIM_MODEL_VERSION = 2;

export function simProviderId(seed: string): string {
  return `sim-v${SIM_MODEL_VERSION}:${seed}`;
}
export const SIM_MOVERS_LENGTH = 20;
const RELATED_LIMIT = 10;

export interface SimulatedMarketOptions {
  /** The same seed gives the same market. */
  seed?: string;
  clock?: Clock;
  /** Where the API serves publisher favicons. */
  faviconBasePath?: string;
  /** Base of the fictional article links. */
  articleBaseUrl?: string;
}

const NO_TRADES_YET: SnapshotBar = { open: null, high: null, low: null, close: "0", volume: 0 };

/**
 * A bar of the price model's path in the shares of a day whose split factor is `splitFactor`
 * (see corporate-actions.ts): prices divided, volume multiplied.
 */
function toDecimalBar(bar: SessionBar, splitFactor = 1): SnapshotBar {
  const cents = (value: number) =>
    fromScaled(splitFactor === 1 ? value : Math.max(1, Math.round(value / splitFactor)), 2);
  return {
    open: cents(bar.open),
    high: cents(bar.high),
    low: cents(bar.low),
    close: cents(bar.close),
    volume: Math.round(bar.volume * splitFactor),
  };
}

/**
 * The simulated US stock market: the S&P 500 constituents trading on the NYSE calendar, with
 * prices that move during regular hours and stand still otherwise. See price-model.ts.
 *
 * Outside regular hours a snapshot reports no trades for the day (close 0, volume 0) and the
 * last completed session as `prevDay`, which is what makes the spec's market-closed rule apply.
 */
export class SimulatedStockMarket implements StockMarketProvider {
  readonly id: string;
  readonly simulated = true;
  readonly maxBatchSize = 1000;

  private readonly clock: Clock;
  private readonly random: KeyedRandom;
  private readonly days = new TradingDays();
  private readonly market: MarketFactor;
  private readonly profiles: Map<string, CompanyProfile>;
  private readonly models = new Map<string, StockPriceModel>();
  private readonly relatedBySymbol: Map<string, string[]>;
  private readonly news: SimulatedNews;
  private readonly actions: SimCorporateActions;

  constructor(options: SimulatedMarketOptions = {}) {
    const seed = options.seed ?? DEFAULT_SIM_SEED;
    this.id = simProviderId(seed);
    this.clock = options.clock ?? systemClock;
    this.random = new KeyedRandom(seed);
    this.market = new MarketFactor(this.random, this.days);
    this.profiles = buildCompanyProfiles(this.random);
    this.relatedBySymbol = groupRelated(this.profiles);
    this.actions = new SimCorporateActions(this.random, this.profiles);
    this.news = new SimulatedNews(this.random, {
      faviconBasePath: options.faviconBasePath ?? DEFAULT_FAVICON_BASE_PATH,
      articleBaseUrl: options.articleBaseUrl ?? "https://example.com/ledgerline-simulated-news",
    });
  }

  /** Every ticker of the universe, listed or not yet listed. */
  symbols(): string[] {
    return [...this.profiles.keys()];
  }

  profile(symbol: string): CompanyProfile | undefined {
    return this.profiles.get(symbol);
  }

  /** Tickers alone in their sub-industry: the related panel reads 'No related companies for ...'. */
  tickersWithoutRelated(): string[] {
    return [...this.relatedBySymbol]
      .filter(([, peers]) => peers.length === 0)
      .map(([symbol]) => symbol)
      .sort();
  }

  private now(): number {
    const now = this.clock.now();
    this.days.ensureThrough(newYorkDate(now));
    return now;
  }

  private listedProfile(symbol: string, operation: MarketOperation, date?: string): CompanyProfile {
    const profile = this.profiles.get(symbol);
    if (!profile || profile.listDate > (date ?? newYorkDate(this.now()))) {
      throw new MarketDataError(operation, "not_found", {
        detail: `${symbol} is not in the simulated market`,
      });
    }
    return profile;
  }

  private model(profile: CompanyProfile): StockPriceModel {
    let model = this.models.get(profile.symbol);
    if (!model) {
      model = new StockPriceModel(
        this.random,
        profile.symbol,
        profile.model,
        this.days,
        this.market,
        this.actions.splitFactor(profile.symbol, profile.model.reference.date),
      );
      this.models.set(profile.symbol, model);
    }
    return model;
  }

  private firstBarIndex(profile: CompanyProfile): number {
    return this.days.firstIndexOnOrAfter(
      profile.listDate > SIM_HISTORY_START ? profile.listDate : SIM_HISTORY_START,
    );
  }

  /** Today's split factor: quotes and adjusted bars are in today's shares. */
  private todaysFactor(symbol: string, now: number): number {
    return this.actions.splitFactor(symbol, newYorkDate(now));
  }

  private snapshotOf(profile: CompanyProfile, now: number): TickerSnapshot {
    const model = this.model(profile);
    const session = sessionInProgress(now);
    const factor = this.todaysFactor(profile.symbol, now);
    if (session) {
      const index = this.days.indexOf(session.date)!;
      const today = toDecimalBar(model.barSoFar(index, now), factor);
      const day = SIM_TICKERS_WITHOUT_INTRADAY_RANGE.includes(profile.symbol)
        ? { ...today, open: null, high: null, low: null }
        : today;
      const prevDay =
        index > this.firstBarIndex(profile) ? toDecimalBar(model.dayBar(index - 1), factor) : null;
      return { ticker: profile.symbol, day, prevDay, updatedAt: now };
    }
    const last = lastCompletedSession(now);
    const index = this.days.indexOf(last.date)!;
    const prevDay =
      index >= this.firstBarIndex(profile) ? toDecimalBar(model.dayBar(index), factor) : null;
    return { ticker: profile.symbol, day: NO_TRADES_YET, prevDay, updatedAt: last.closesAt };
  }

  async getSnapshot(ticker: string): Promise<TickerSnapshot> {
    const now = this.now();
    return this.snapshotOf(this.listedProfile(ticker, "snapshot"), now);
  }

  async getSnapshots(tickers: readonly string[]): Promise<TickerSnapshot[]> {
    const now = this.now();
    const today = newYorkDate(now);
    const snapshots: TickerSnapshot[] = [];
    for (const ticker of tickers) {
      const profile = this.profiles.get(ticker);
      if (profile && profile.listDate <= today) snapshots.push(this.snapshotOf(profile, now));
    }
    return snapshots;
  }

  async searchCompanies(query: CompanySearchQuery): Promise<CompanySearchHit[]> {
    const text = query.text.trim().toLowerCase();
    if (!text) return [];
    const today = newYorkDate(this.now());
    return [...this.profiles.values()]
      .filter((profile) => profile.listDate <= today)
      .filter(
        (profile) =>
          profile.symbol.toLowerCase().startsWith(text) ||
          profile.name.toLowerCase().includes(text),
      )
      .map((profile) => profile.symbol)
      .sort()
      .slice(0, query.limit)
      .map((symbol) => ({
        ticker: symbol,
        name: this.profiles.get(symbol)!.name,
        market: "stocks",
        locale: "us",
      }));
  }

  async getCompanyDetails(ticker: string, date?: string): Promise<CompanyDetails> {
    const now = this.now();
    const asOf = date ?? newYorkDate(now);
    const profile = this.listedProfile(ticker, "details", asOf);
    const price = date ? this.closeOnOrBefore(profile, date) : this.currentPriceCents(profile, now);
    // The path's price and share count are the anchor day's; a split changes both, not the cap.
    return {
      ticker: profile.symbol,
      name: profile.name,
      market_cap:
        price === undefined ? null : Math.round((price / 100) * profile.sharesOutstanding),
      total_employees: profile.employees,
      list_date: profile.listDate,
      primary_exchange: profile.exchange,
      sic_description: profile.sicDescription,
      weighted_shares_outstanding: Math.round(
        profile.sharesOutstanding * this.actions.splitFactor(profile.symbol, asOf),
      ),
      description: profile.description,
      address: profile.address,
      phone_number: profile.phone,
      homepage_url: profile.homepage,
      simulated: true,
    };
  }

  async getClassification(ticker: string): Promise<StockClassification> {
    const details = await this.getCompanyDetails(ticker);
    return simClassification(this.listedProfile(ticker, "details"), details.market_cap);
  }

  private currentPriceCents(profile: CompanyProfile, now: number): number | undefined {
    const session = sessionInProgress(now);
    const model = this.model(profile);
    if (session) return model.priceSoFar(this.days.indexOf(session.date)!, now);
    return this.closeOnOrBefore(profile, lastCompletedSession(now).date);
  }

  private closeOnOrBefore(profile: CompanyProfile, date: string): number | undefined {
    const index = this.days.lastIndexOnOrBefore(date);
    return index >= this.firstBarIndex(profile) ? this.model(profile).closeCents(index) : undefined;
  }

  async getMovers(direction: MoversDirection): Promise<TickerSnapshot[]> {
    const now = this.now();
    const today = newYorkDate(now);
    const open = sessionInProgress(now) !== undefined;
    // While closed, rank by the last session's move: "previous trading day data".
    const lastIndex = open ? undefined : this.days.indexOf(lastCompletedSession(now).date)!;
    const ranked: { snapshot: TickerSnapshot; move: number }[] = [];
    for (const profile of this.profiles.values()) {
      if (profile.listDate > today) continue;
      const snapshot = this.snapshotOf(profile, now);
      let move: number | undefined;
      if (open && snapshot.prevDay) {
        move = percentChange(snapshot.day.close, snapshot.prevDay.close) ?? 0;
      } else if (lastIndex !== undefined && lastIndex > this.firstBarIndex(profile)) {
        const model = this.model(profile);
        move =
          percentChange(
            fromScaled(model.closeCents(lastIndex), 2),
            fromScaled(model.closeCents(lastIndex - 1), 2),
          ) ?? 0;
      }
      if (move !== undefined) ranked.push({ snapshot, move });
    }
    const sign = direction === "gainers" ? -1 : 1;
    ranked.sort(
      (a, b) => sign * (a.move - b.move) || compareCodes(a.snapshot.ticker, b.snapshot.ticker),
    );
    return ranked.slice(0, SIM_MOVERS_LENGTH).map((entry) => entry.snapshot);
  }

  async getNews(query: NewsQuery): Promise<NewsArticle[]> {
    const now = this.now();
    const profile = this.listedProfile(query.ticker, "news");
    if (SIM_TICKERS_WITHOUT_NEWS.includes(profile.symbol)) return [];
    const model = this.model(profile);
    const firstIndex = this.firstBarIndex(profile);
    return this.news.articles(
      {
        profile,
        related: this.relatedBySymbol.get(profile.symbol) ?? [],
        lastMovePercent: (instant) => {
          const index = this.days.indexOf(lastCompletedSession(instant).date)!;
          if (index <= firstIndex) return undefined;
          return (
            percentChange(
              fromScaled(model.closeCents(index), 2),
              fromScaled(model.closeCents(index - 1), 2),
              2,
            ) ?? undefined
          );
        },
      },
      query.publishedSince,
      now,
      query.limit,
    );
  }

  async getRelatedTickers(ticker: string): Promise<string[]> {
    const profile = this.listedProfile(ticker, "related");
    const today = newYorkDate(this.now());
    return (this.relatedBySymbol.get(profile.symbol) ?? []).filter(
      (symbol) => this.profiles.get(symbol)!.listDate <= today,
    );
  }

  async getDailyBars(query: DailyBarsQuery): Promise<HistoricalBar[]> {
    const now = this.now();
    const profile = this.listedProfile(query.ticker, "bars");
    const model = this.model(profile);
    const first = Math.max(this.days.firstIndexOnOrAfter(query.from), this.firstBarIndex(profile));
    const last = this.days.lastIndexOnOrBefore(query.to);
    // A range is read from the stock's history (built through today at most); a quote or a
    // session's bars need none.
    const through = Math.min(last, this.days.lastIndexOnOrBefore(newYorkDate(now)));
    if (through > first) model.ensureComputed(through);
    const todaysFactor = this.todaysFactor(profile.symbol, now);
    const bars: HistoricalBar[] = [];
    const slice = slices();
    for (let index = first; index <= last; index++) {
      await slice();
      const date = this.days.dateAt(index);
      const session = sessionOn(date)!;
      if (session.opensAt > now) break;
      const bar = toDecimalBar(
        now < session.closesAt ? model.barSoFar(index, now) : model.dayBar(index),
        query.adjusted === false ? this.actions.splitFactor(profile.symbol, date) : todaysFactor,
      );
      bars.push({
        date,
        t: newYorkMidnight(date),
        o: bar.open!,
        h: bar.high!,
        l: bar.low!,
        c: bar.close,
        v: bar.volume,
      });
    }
    return bars;
  }

  async getSessionBars(date: string): Promise<TickerDayBar[]> {
    const now = this.now();
    const session = sessionOn(date);
    const index = this.days.indexOf(date);
    if (!session || index === undefined || session.closesAt > now) return [];
    const bars: TickerDayBar[] = [];
    for (const profile of this.profiles.values()) {
      if (index < this.firstBarIndex(profile)) continue;
      bars.push({
        ticker: profile.symbol,
        bar: toDecimalBar(
          this.model(profile).dayBar(index),
          this.todaysFactor(profile.symbol, now),
        ),
      });
    }
    return bars;
  }

  async getSplits(ticker: string): Promise<CorporateAction[]> {
    const today = newYorkDate(this.now());
    return this.actions.splits(this.listedProfile(ticker, "corporate_actions"), today);
  }

  async getDividends(ticker: string): Promise<CorporateAction[]> {
    const today = newYorkDate(this.now());
    return this.actions.dividends(this.listedProfile(ticker, "corporate_actions"), today);
  }

  async getMarketStatus(): Promise<ProviderMarketStatus> {
    const now = this.now();
    const phase = marketPhaseAt(now);
    return {
      market: phase === "regular" ? "open" : phase === "closed" ? "closed" : "extended-hours",
      isOpen: phase === "regular",
      earlyHours: phase === "pre",
      afterHours: phase === "post",
      serverTime: new Date(now).toISOString(),
      simulated: true,
    };
  }
}

/** Peers are the other members of the GICS sub-industry, largest first. */
function groupRelated(profiles: ReadonlyMap<string, CompanyProfile>): Map<string, string[]> {
  const groups = new Map<string, CompanyProfile[]>();
  for (const profile of profiles.values()) {
    const group = groups.get(profile.subIndustry) ?? [];
    group.push(profile);
    groups.set(profile.subIndustry, group);
  }
  const size = (profile: CompanyProfile) =>
    profile.sharesOutstanding * profile.model.reference.close;
  const related = new Map<string, string[]>();
  for (const group of groups.values()) {
    const bySize = [...group].sort((a, b) => size(b) - size(a) || compareCodes(a.symbol, b.symbol));
    for (const profile of group) {
      related.set(
        profile.symbol,
        bySize
          .filter((peer) => peer.symbol !== profile.symbol)
          .slice(0, RELATED_LIMIT)
          .map((peer) => peer.symbol),
      );
    }
  }
  return related;
}
