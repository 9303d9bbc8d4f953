import { combine, normalFromHashes, normalSequence, type KeyedRandom } from "../random";
import { dayNumber } from "../../calendar/dates";
import { ReferencePath, type WanderLimits } from "../reference";
import type { SimCoin } from "./coins";

/**
 * The simulated price of one coin, trading around the clock. Daily closes (at 24:00 UTC) move
 * with the coin's volatility, a share of each day's shock common to all coins, and revert toward
 * a slowly drifting anchor near the coin's reference close, within a band around it
 * (../reference.ts); within a day the
 * price follows a minute-by-minute Brownian bridge between consecutive closes. A pure function
 * of (seed, coin, minute), like the stock model.
 *
 * Prices are integers of 10^-decimals units (e.g. cents for BTC, 1e-8 for SHIB).
 */

const MS_PER_DAY = 86_400_000;
const MINUTES_PER_DAY = 1440;
/** Day 0 of the model. */
const EPOCH = Date.UTC(2023, 0, 1);
const MARKET_LOADING = 0.6;
/** Coins have no drift of their own: the anchor's trend is a random one, levelling off. */
const COIN_WANDER: WanderLimits = {
  stationaryShare: 0.25,
  stationaryMin: 0.002,
  stationaryMax: 0.13,
  trendLimit: 0.12,
  waveAmplitude: 0.06,
};

export class CryptoMarketFactor {
  private values = new Float64Array(0);
  constructor(private readonly random: KeyedRandom) {}

  at(day: number): number {
    if (day >= this.values.length) {
      const next = new Float64Array(day + 366);
      next.set(this.values);
      const base = this.random.hash("crypto-market-factor");
      for (let d = this.values.length; d < next.length; d++) {
        const h = combine(base, d);
        next[d] = normalFromHashes(h, combine(h, 1));
      }
      this.values = next;
    }
    return this.values[day] ?? 0;
  }
}

interface DayPath {
  /** Units at each minute boundary of the day, 1441 points. */
  units: Float64Array;
  volume: number;
}

export class CryptoPriceModel {
  private readonly coinHash: number;
  private readonly dailyVolatility: number;
  private readonly scale: number;
  private readonly referenceDay: number;
  private readonly reference: ReferencePath;
  /** logCloses[d] is the log price at the end of day d (= start of day d + 1). */
  private logCloses = new Float64Array(0);
  private readonly paths = new Map<number, DayPath>();

  constructor(
    random: KeyedRandom,
    readonly coin: SimCoin,
    private readonly market: CryptoMarketFactor,
  ) {
    this.coinHash = random.hash("coin", coin.symbol);
    this.scale = 10 ** coin.decimals;
    this.referenceDay = dayNumber(coin.reference.date) - dayNumber("2023-01-01");
    const anchorHash = random.hash("coin-anchor", coin.symbol);
    this.reference = new ReferencePath(COIN_WANDER, coin.volatility, 365, {
      hash: anchorHash,
      annualDrift: 0.1 * normalFromHashes(anchorHash, combine(anchorHash, 9)),
    });
    this.dailyVolatility = this.reference.stepVolatility;
  }

  /** Day `day`'s shock in standard deviations: part the whole market's, part the coin's own. */
  private shock(day: number): number {
    const base = combine(this.coinHash, day);
    const own = normalFromHashes(base, combine(base, 7));
    return MARKET_LOADING * this.market.at(day) + Math.sqrt(1 - MARKET_LOADING ** 2) * own;
  }

  private logCloseAt(day: number): number {
    if (day < 0) return this.logCloseAt(0) - this.dailyVolatility * this.shock(0);
    if (day >= this.logCloses.length) {
      const length = Math.max(day, this.referenceDay) + 366;
      this.logCloses = this.reference.logCloses(
        length,
        this.referenceDay,
        Math.log(this.coin.reference.close),
        (d) => this.shock(d),
      );
    }
    return this.logCloses[day]!;
  }

  private path(day: number): DayPath {
    const cached = this.paths.get(day);
    if (cached) return cached;
    const start = this.logCloseAt(day - 1);
    const end = this.logCloseAt(day);
    const noise = normalSequence(combine(this.coinHash, combine(day, 0x9a7)), MINUTES_PER_DAY);
    const step = (0.8 * this.dailyVolatility) / Math.sqrt(MINUTES_PER_DAY);
    const walk = new Float64Array(MINUTES_PER_DAY + 1);
    for (let k = 1; k <= MINUTES_PER_DAY; k++) walk[k] = walk[k - 1]! + step * noise[k - 1]!;
    const units = new Float64Array(MINUTES_PER_DAY + 1);
    for (let k = 0; k <= MINUTES_PER_DAY; k++) {
      const share = k / MINUTES_PER_DAY;
      units[k] =
        Math.exp(start + walk[k]! - share * walk[MINUTES_PER_DAY]! + share * (end - start)) *
        this.scale;
    }
    const volumeBase = combine(this.coinHash, combine(day, 0x701));
    const volume =
      this.coin.averageVolume *
      Math.exp(0.3 * normalFromHashes(volumeBase, combine(volumeBase, 5)) - 0.045) *
      (1 + 4 * Math.abs(end - start));
    const path = { units, volume };
    if (this.paths.size >= 4) this.paths.delete(this.paths.keys().next().value!);
    this.paths.set(day, path);
    return path;
  }

  private round(units: number): number {
    return Math.max(1, Math.round(units));
  }

  /** The close (24:00 UTC) of the day that starts at `dayStart`, in units; cheap, no minute path. */
  closeOfDay(dayStart: number): number {
    const day = Math.floor((dayStart - EPOCH) / MS_PER_DAY);
    return this.round(Math.exp(this.logCloseAt(day)) * this.scale);
  }

  /** The price at `instant`, in units. */
  priceAt(instant: number): number {
    const minutes = (instant - EPOCH) / 60_000;
    const day = Math.floor(minutes / MINUTES_PER_DAY);
    const minuteOfDay = minutes - day * MINUTES_PER_DAY;
    const k = Math.floor(minuteOfDay);
    const fraction = minuteOfDay - k;
    const units = this.path(day).units;
    return this.round(units[k]! + (units[k + 1]! - units[k]!) * fraction);
  }

  /**
   * The candle of the UTC day that starts at `dayStart`, in units: open at 00:00, close at 24:00
   * or, for the running day, at `until` (the price a quote at that instant shows), high and low
   * over the minute path so far, and the day's volume so far. Built from the same path as the
   * quotes, so a chart and the quote beside it agree.
   */
  candleAt(
    dayStart: number,
    until?: number,
  ): { open: number; high: number; low: number; close: number; volume: number } {
    const day = Math.floor((dayStart - EPOCH) / MS_PER_DAY);
    const { units, volume } = this.path(day);
    const start = EPOCH + day * MS_PER_DAY;
    const elapsed =
      until === undefined
        ? MINUTES_PER_DAY
        : Math.min(MINUTES_PER_DAY, Math.max(0, (until - start) / 60_000));
    const open = this.round(units[0]!);
    const close =
      until === undefined || elapsed === MINUTES_PER_DAY
        ? this.round(units[MINUTES_PER_DAY]!)
        : this.priceAt(start + elapsed * 60_000);
    let high = Math.max(open, close);
    let low = Math.min(open, close);
    for (let k = 1; k <= Math.floor(elapsed); k++) {
      const price = this.round(units[k]!);
      if (price > high) high = price;
      if (price < low) low = price;
    }
    const traded = (volume * elapsed) / MINUTES_PER_DAY;
    return { open, high, low, close, volume: Math.round(traded * 10_000) / 10_000 };
  }

  /** Open (24 h ago), high, low, last and volume over the 24 hours ending at `instant`. */
  statsAt(instant: number): {
    open: number;
    high: number;
    low: number;
    last: number;
    volume: number;
  } {
    const from = instant - MS_PER_DAY;
    const open = this.priceAt(from);
    const last = this.priceAt(instant);
    let high = Math.max(open, last);
    let low = Math.min(open, last);
    const firstMinute = Math.floor((from - EPOCH) / 60_000) + 1;
    const lastMinute = Math.floor((instant - EPOCH) / 60_000);
    for (let minute = firstMinute; minute <= lastMinute; minute++) {
      const day = Math.floor(minute / MINUTES_PER_DAY);
      const price = this.round(this.path(day).units[minute - day * MINUTES_PER_DAY]!);
      if (price > high) high = price;
      if (price < low) low = price;
    }
    const day = Math.floor((instant - EPOCH) / MS_PER_DAY);
    const elapsed = (instant - EPOCH - day * MS_PER_DAY) / MS_PER_DAY;
    const volume = this.path(day).volume * elapsed + this.path(day - 1).volume * (1 - elapsed);
    return { open, high, low, last, volume: Math.round(volume * 10_000) / 10_000 };
  }
}
