import { sessionOn, type TradingSession } from "../../calendar/nyse-calendar";
import { combine, normalFromHashes, normalSequence, type KeyedRandom } from "../random";
import type { PriceModelParameters } from "./company-profiles";
import { ReferencePath, type WanderLimits } from "../reference";
import type { TradingDays } from "./trading-days";

/**
 * The simulated price process of one stock.
 *
 * Daily closes move with the stock's volatility, part of each day's shock shared by the whole
 * market (so the market has good and bad days), and revert toward a slowly drifting anchor near
 * the stock's reference close, within a band around it (../reference.ts). Each
 * session opens with a small gap from the previous close and then follows a Brownian bridge,
 * minute by minute, from that open to the day's close. Everything is a pure function of
 * (seed, symbol, day, minute): the same instant always shows the same price, a finished day's
 * bar equals what the intraday path showed, and prices stand still outside the session.
 *
 * Prices are whole cents (integers) here; the provider turns them into decimal strings.
 */

const TRADING_DAYS_PER_YEAR = 252;
const OPENING_AUCTION_SHARE = 0.02;

export interface SessionBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * A day's minute-by-minute prices in cents. The high and low so far are scanned from them when
 * asked, not kept beside them: two more arrays for every stock's last days held 2.3 MB of an
 * idle server (issue 35, decision 0066).
 */
interface IntradayPath {
  session: TradingSession;
  cents: Int32Array;
  volume: number;
}

/** The highest and lowest of `cents[0..last]`. */
function rangeOf(cents: Int32Array, last: number): { high: number; low: number } {
  let high = cents[0]!;
  let low = high;
  for (let k = 1; k <= last; k++) {
    const price = cents[k]!;
    if (price > high) high = price;
    else if (price < low) low = price;
  }
  return { high, low };
}

/** The days around one asked for that logClose works out with it, and how many it keeps. */
const POINTS_BEFORE = 3;
const POINTS_AFTER = 1;
const POINTS_KEPT = 16;

/** Shared by all stocks of one seed: the market's own shock on each day. */
export class MarketFactor {
  private values = new Float64Array(0);

  constructor(
    private readonly random: KeyedRandom,
    private readonly days: TradingDays,
  ) {}

  at(index: number): number {
    if (index >= this.values.length) {
      const next = new Float64Array(this.days.length);
      next.set(this.values);
      for (let i = this.values.length; i < next.length; i++) {
        const base = combine(this.random.hash("market-factor"), this.days.hashAt(i));
        next[i] = normalFromHashes(base, combine(base, 1));
      }
      this.values = next;
    }
    return this.values[index] ?? 0;
  }
}

/** Cumulative share of a day's volume traded by fraction `x` of the session (U-shaped). */
export function cumulativeVolumeShare(x: number): number {
  const t = Math.min(1, Math.max(0, x));
  const uShaped = (t + ((2 * t - 1) ** 3 + 1) / 3) / (5 / 3);
  return OPENING_AUCTION_SHARE + (1 - OPENING_AUCTION_SHARE) * uShaped;
}

/** Half the profile's drift feeds the anchor's trend, which levels off at `trendLimit`. */
const STOCK_WANDER: WanderLimits = {
  stationaryShare: 0.4,
  stationaryMin: 0.04,
  stationaryMax: 0.12,
  trendLimit: 0.15,
  waveAmplitude: 0.04,
};

export class StockPriceModel {
  private readonly symbolHash: number;
  private readonly dailyVolatility: number;
  private readonly referenceIndex: number;
  private readonly logReference: number;
  private readonly reference: ReferencePath;
  private logCloses = new Float64Array(0);
  /** A few days' log closes worked out alone, while the history is not built (see logClose). */
  private readonly points = new Map<number, number>();
  /** Steps walked to work out points so far: past a history's length, the history is built. */
  private walked = 0;
  private readonly bars = new Map<number, SessionBar>();
  private readonly paths = new Map<number, IntradayPath>();

  /**
   * `splitFactorOnReference` is corporate-actions.ts' split factor on the reference date: the
   * path is in the shares of SIM_ANCHOR_DATE, the reference close in those of its own date.
   */
  constructor(
    random: KeyedRandom,
    symbol: string,
    private readonly parameters: PriceModelParameters,
    private readonly days: TradingDays,
    private readonly market: MarketFactor,
    splitFactorOnReference = 1,
  ) {
    this.symbolHash = random.hash("stock", symbol);
    this.reference = new ReferencePath(
      STOCK_WANDER,
      parameters.annualVolatility,
      TRADING_DAYS_PER_YEAR,
      { hash: random.hash("stock-anchor", symbol), annualDrift: parameters.annualDrift / 2 },
    );
    this.dailyVolatility = this.reference.stepVolatility;
    const { reference } = parameters;
    const index = days.indexOf(reference.date);
    if (index === undefined)
      throw new Error(`${symbol}'s reference ${reference.date} must be a trading day`);
    this.referenceIndex = index;
    this.logReference = Math.log(reference.close * splitFactorOnReference);
  }

  /** Day `index`'s shock in standard deviations: part the market's, part the stock's own. */
  private shock(index: number): number {
    const loading = this.parameters.marketLoading;
    const base = combine(this.symbolHash, this.days.hashAt(index));
    const own = normalFromHashes(base, combine(base, 7));
    return loading * this.market.at(index) + Math.sqrt(1 - loading * loading) * own;
  }

  /**
   * Builds the history through day `index` (and a year beyond), for reads of a range of days.
   * A day or two alone (a quote, a session's bars, the movers) is read through logClose without
   * it: a closed market's quotes and movers value every stock at start, and ~500 histories held
   * 4.9 MB of an idle server (issue 35).
   */
  ensureComputed(index: number): void {
    if (index < this.logCloses.length) return;
    const length = this.historyLength(index);
    const logCloses = this.reference.logCloses(
      length,
      this.referenceIndex,
      this.logReference,
      (i) => this.shock(i),
    );
    this.logCloses = logCloses;
  }

  /** A year beyond what is asked for: enough for a long-running server, cheap for 500 stocks. */
  private historyLength(index: number): number {
    return Math.min(Math.max(this.referenceIndex, index) + 253, this.days.length);
  }

  /**
   * Day `index`'s log close: the history's when built; otherwise worked out with its neighbours
   * (a day's bar reads the day before, a closed market's quote the two sessions before), the
   * same value by the same arithmetic (ReferencePath.logClosesBetween), with no history kept.
   * Once the walks to such days would have cost more than the history, the history is built.
   */
  private logClose(index: number): number {
    if (index < this.logCloses.length) return this.logCloses[index]!;
    let value = this.points.get(index);
    if (value === undefined) {
      const from = Math.max(0, index - POINTS_BEFORE);
      const to = Math.min(index + POINTS_AFTER, this.days.length - 1);
      const walk = Math.max(to, this.referenceIndex) - Math.min(from, this.referenceIndex);
      if (index >= this.days.length || this.walked + walk > this.historyLength(index)) {
        this.points.clear();
        this.ensureComputed(index);
        return this.logCloses[index]!;
      }
      this.walked += walk;
      const closes = this.reference.logClosesBetween(
        from,
        to,
        this.referenceIndex,
        this.logReference,
        (i) => this.shock(i),
      );
      if (this.points.size + closes.length > POINTS_KEPT) this.points.clear();
      closes.forEach((close, k) => this.points.set(from + k, close));
      value = closes[index - from]!;
    }
    return value;
  }

  /**
   * Day `index`'s log return. Worked out when asked, not kept beside the closes: the simulated
   * market values all ~500 stocks at start, and a second array each held 6 MB (issue 35).
   */
  private logReturn(index: number): number {
    if (index === 0) return this.dailyVolatility * this.shock(0);
    return this.logClose(index) - this.logClose(index - 1);
  }

  closeCents(index: number): number {
    return Math.max(1, Math.round(Math.exp(this.logClose(index)) * 100));
  }

  private logOpen(index: number): number {
    const previous = index > 0 ? this.logClose(index - 1) : this.logClose(0) - this.logReturn(0);
    const base = combine(this.symbolHash, combine(this.days.hashAt(index), 0x6a9));
    return previous + 0.3 * this.dailyVolatility * normalFromHashes(base, combine(base, 3));
  }

  private dayVolume(index: number): number {
    const base = combine(this.symbolHash, combine(this.days.hashAt(index), 0x701));
    const noise = Math.exp(0.3 * normalFromHashes(base, combine(base, 5)) - 0.045);
    return Math.round(
      this.parameters.averageVolume * noise * (1 + 6 * Math.abs(this.logReturn(index))),
    );
  }

  /** Day `index`'s path, kept: the days whose prices are read minute by minute (today's). */
  private path(index: number): IntradayPath {
    const cached = this.paths.get(index);
    if (cached) return cached;
    const path = this.buildPath(index);
    // Only the last few days are asked for intraday; keep memory flat.
    if (this.paths.size >= 4) this.paths.delete(this.paths.keys().next().value!);
    this.paths.set(index, path);
    return path;
  }

  private buildPath(index: number): IntradayPath {
    const session = sessionOn(this.days.dateAt(index));
    if (!session) throw new Error(`${this.days.dateAt(index)} has no session`);
    const steps = Math.round((session.closesAt - session.opensAt) / 60_000);
    const logOpen = this.logOpen(index);
    const logClose = this.logClose(index);
    const noise = normalSequence(
      combine(this.symbolHash, combine(this.days.hashAt(index), 0x9a7)),
      steps,
    );
    const stepVolatility = (0.8 * this.dailyVolatility) / Math.sqrt(steps);

    const walk = new Float64Array(steps + 1);
    for (let k = 1; k <= steps; k++) walk[k] = walk[k - 1]! + stepVolatility * noise[k - 1]!;
    const cents = new Int32Array(steps + 1);
    for (let k = 0; k <= steps; k++) {
      const share = k / steps;
      const bridge = walk[k]! - share * walk[steps]! + share * (logClose - logOpen);
      cents[k] = Math.max(1, Math.round(Math.exp(logOpen + bridge) * 100));
    }
    cents[steps] = this.closeCents(index);

    return { session, cents, volume: this.dayVolume(index) };
  }

  /**
   * The finished bar of trading day `index`. A path built for it is not kept (the bar is): a
   * closed market's quotes and movers read every stock's last two sessions, and their paths
   * held 1.6 MB of an idle server (issue 35).
   */
  dayBar(index: number): SessionBar {
    let bar = this.bars.get(index);
    if (!bar) {
      const { cents, volume } = this.paths.get(index) ?? this.buildPath(index);
      const last = cents.length - 1;
      const { high, low } = rangeOf(cents, last);
      bar = { open: cents[0]!, high, low, close: cents[last]!, volume };
      this.bars.set(index, bar);
    }
    return bar;
  }

  /**
   * Where day `index`'s path stands at `instant` during its session: the last whole minute `k`
   * and the price in cents, between minute k's and the next one's.
   */
  private pointAt(path: IntradayPath, instant: number): { k: number; price: number } {
    const { cents, session } = path;
    const minutes = Math.max(0, (instant - session.opensAt) / 60_000);
    const k = Math.min(Math.floor(minutes), cents.length - 2);
    const fraction = minutes - k;
    return { k, price: Math.round(cents[k]! + (cents[k + 1]! - cents[k]!) * fraction) };
  }

  /** The price of trading day `index` at `instant`, in cents: barSoFar's close, without its range. */
  priceSoFar(index: number, instant: number): number {
    const path = this.path(index);
    if (instant >= path.session.closesAt) return this.dayBar(index).close;
    return this.pointAt(path, instant).price;
  }

  /** The bar of trading day `index` as it stands at `instant`, during that day's session. */
  barSoFar(index: number, instant: number): SessionBar {
    const path = this.path(index);
    const { opensAt, closesAt } = path.session;
    if (instant >= closesAt) return this.dayBar(index);
    const { k, price } = this.pointAt(path, instant);
    const range = rangeOf(path.cents, k);
    return {
      open: path.cents[0]!,
      high: Math.max(range.high, price),
      low: Math.min(range.low, price),
      close: price,
      volume: Math.round(
        path.volume * cumulativeVolumeShare((instant - opensAt) / (closesAt - opensAt)),
      ),
    };
  }
}
