import { describe, expect, it } from "vitest";
import { simCoins } from "../../src/sim/crypto/coins";
import { CryptoMarketFactor, CryptoPriceModel } from "../../src/sim/crypto/crypto-price-model";
import { KeyedRandom } from "../../src/sim/random";
import { REFERENCE_BAND, softCap } from "../../src/sim/reference";
import { buildCompanyProfiles } from "../../src/sim/stocks/company-profiles";
import { SimCorporateActions } from "../../src/sim/stocks/corporate-actions";
import { MarketFactor, StockPriceModel } from "../../src/sim/stocks/price-model";
import { stockReferenceCloses } from "../../src/sim/stocks/reference-closes";
import {
  DEFAULT_SIM_SEED,
  SimulatedStockMarket,
} from "../../src/sim/stocks/simulated-stock-market";
import { SIM_HISTORY_START, TradingDays } from "../../src/sim/stocks/trading-days";
import { cryptoAt, simAt } from "../support/sim";

/** The model's whole span the app can show: from the first bar to two years past the tests' 2026. */
const LAST_DAY = "2028-12-29";
const AT_LAST_DAY = new Date(`${LAST_DAY}T23:00:00Z`);

/** Every stock's close path, in the shares of its reference date, for the default seed. */
function stockPaths(seed = DEFAULT_SIM_SEED) {
  const random = new KeyedRandom(seed);
  const days = new TradingDays();
  const market = new MarketFactor(random, days);
  const profiles = buildCompanyProfiles(random);
  const actions = new SimCorporateActions(random, profiles);
  const first = days.firstIndexOnOrAfter(SIM_HISTORY_START);
  const last = days.lastIndexOnOrBefore(LAST_DAY);
  return [...profiles.values()].map((profile) => {
    const { reference } = profile.model;
    const onReference = actions.splitFactor(profile.symbol, reference.date);
    const model = new StockPriceModel(
      random,
      profile.symbol,
      profile.model,
      days,
      market,
      onReference,
    );
    const closes: number[] = [];
    // Cents of the path (SIM_ANCHOR_DATE's shares) back into the reference date's shares.
    for (let i = first; i <= last; i++) closes.push(model.closeCents(i) / 100 / onReference);
    return { profile, closes, dates: { first: days.dateAt(first), last: days.dateAt(last) } };
  });
}

function annualisedVolatility(closes: readonly number[], periodsPerYear: number): number {
  const returns = closes.slice(1).map((close, i) => Math.log(close / closes[i]!));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  return Math.sqrt(variance * periodsPerYear);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const paths = stockPaths();

describe("the simulated stock market's reference closes", () => {
  it("gives every stock a dated reference, recorded closes only where written down as facts", () => {
    expect(paths.length).toBeGreaterThan(500);
    for (const { profile } of paths) {
      const { reference } = profile.model;
      expect(reference.date, profile.symbol).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(reference.close, profile.symbol).toBeGreaterThan(0);
      const written = stockReferenceCloses[profile.symbol];
      // A close is a fact only if it is in the hand-written table; the rest are marked generated.
      if (reference.source === "close") expect(written, profile.symbol).toEqual(reference);
    }
    const recorded = paths.filter(({ profile }) => profile.model.reference.source === "close");
    expect(recorded.map(({ profile }) => profile.symbol)).toEqual(
      expect.arrayContaining(["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "JPM", "V"]),
    );
  });

  it("keeps every stock's close within the band around its reference on every day from 2023 to 2028", () => {
    expect(paths[0]!.dates).toEqual({ first: "2023-01-03", last: LAST_DAY });
    for (const { profile, closes } of paths) {
      const reference = profile.model.reference.close;
      const low = Math.min(...closes) / reference;
      const high = Math.max(...closes) / reference;
      // Cents rounding may nudge a close past the band by under a cent.
      expect(low, profile.symbol).toBeGreaterThanOrEqual(REFERENCE_BAND.low - 0.01 / reference);
      expect(high, profile.symbol).toBeLessThanOrEqual(REFERENCE_BAND.high + 0.01 / reference);
    }
  });

  it("closes at exactly the reference on its date, in unadjusted bars, splits before and after included", async () => {
    const market = simAt(AT_LAST_DAY);
    for (const { profile } of paths) {
      const { reference } = profile.model;
      if (profile.listDate > reference.date) continue;
      const [bar] = await market.getDailyBars({
        ticker: profile.symbol,
        from: reference.date,
        to: reference.date,
        adjusted: false,
      });
      expect(Number(bar!.c), profile.symbol).toBeCloseTo(reference.close, 2);
    }
  });

  it("shows a split as a drop in unadjusted bars and not in adjusted ones, staying in the band", async () => {
    const market = simAt(AT_LAST_DAY);
    // NVDA: the real 10-for-1 of June 2024 before its reference, the simulated 4-for-1 of October 2026 after.
    const reference = stockReferenceCloses.NVDA!.close;
    const range = { ticker: "NVDA", from: "2024-06-03", to: "2026-10-30" };
    const unadjusted = await market.getDailyBars({ ...range, adjusted: false });
    const adjusted = await market.getDailyBars({ ...range, adjusted: true });
    const close = (bars: typeof adjusted, date: string) =>
      Number(bars.find((bar) => bar.date === date)!.c);
    expect(close(unadjusted, "2024-06-07") / close(unadjusted, "2024-06-10")).toBeGreaterThan(7);
    expect(close(unadjusted, "2026-10-16") / close(unadjusted, "2026-10-19")).toBeGreaterThan(3);
    for (const [i, bar] of adjusted.entries()) {
      if (i > 0) expect(Number(bar.c) / Number(adjusted[i - 1]!.c), bar.date).toBeGreaterThan(0.8);
      // Adjusted bars are in today's shares: four for each share of the reference date.
      const inReferenceShares = Number(bar.c) * 4;
      expect(inReferenceShares / reference, bar.date).toBeGreaterThan(REFERENCE_BAND.low);
      expect(inReferenceShares / reference, bar.date).toBeLessThan(REFERENCE_BAND.high);
    }
  });

  it("moves each stock with about its stated volatility, sectors apart", () => {
    const realised = paths.map(({ profile, closes }) => ({
      profile,
      ratio: annualisedVolatility(closes, 252) / profile.model.annualVolatility,
      volatility: annualisedVolatility(closes, 252),
    }));
    for (const { profile, ratio } of realised) {
      expect(ratio, profile.symbol).toBeGreaterThan(0.6);
      expect(ratio, profile.symbol).toBeLessThan(1.25);
    }
    const sectorMedian = (sector: string) =>
      median(realised.filter(({ profile }) => profile.sector === sector).map((r) => r.volatility));
    expect(sectorMedian("Utilities")).toBeLessThan(0.22);
    expect(sectorMedian("Information Technology")).toBeGreaterThan(0.28);
    expect(sectorMedian("Utilities")).toBeLessThan(sectorMedian("Information Technology"));
    const of = (symbol: string) => realised.find(({ profile }) => profile.symbol === symbol)!;
    expect(of("KO").volatility).toBeLessThan(of("TSLA").volatility / 2);
  });

  it("reverts toward its anchor: a year's moves are far narrower than a random walk's", () => {
    const yearly: number[] = [];
    const walk: number[] = [];
    for (const { profile, closes } of paths) {
      for (let i = 252; i < closes.length; i += 63)
        yearly.push(Math.abs(Math.log(closes[i]! / closes[i - 252]!)));
      walk.push(profile.model.annualVolatility);
    }
    // A random walk's typical yearly |move| is about 0.8 σ; mean reversion keeps it well under.
    expect(median(yearly)).toBeLessThan(0.8 * median(walk) * 0.75);
  });

  it("is a pure function of the seed: rebuilt paths agree, another seed differs but keeps the references", () => {
    expect(stockPaths().slice(0, 20)).toEqual(paths.slice(0, 20));
    const other = stockPaths("another seed");
    const aapl = (list: typeof paths) => list.find(({ profile }) => profile.symbol === "AAPL")!;
    expect(aapl(other).closes).not.toEqual(aapl(paths).closes);
    // Index of 2024-12-31 among the trading days from 2023-01-03.
    const onReference = new TradingDays().indexOf("2024-12-31")!;
    expect(aapl(other).closes[onReference]).toBe(250.42);
    expect(aapl(paths).closes[onReference]).toBe(250.42);
  });
});

describe("the simulated crypto market's reference closes", () => {
  const market = cryptoAt(AT_LAST_DAY);

  it("closes each coin's reference day (at 24:00 UTC) at its reference, to the quote's precision", async () => {
    for (const coin of simCoins) {
      const [candle] = await market.getDailyCandles({
        symbol: coin.symbol,
        from: coin.reference.date,
        to: coin.reference.date,
      });
      const tick = 10 ** -coin.decimals;
      expect(Math.abs(Number(candle!.c) - coin.reference.close), coin.symbol).toBeLessThanOrEqual(
        tick / 2 + coin.reference.close * 1e-12,
      );
    }
    const recorded = simCoins.filter((coin) => coin.reference.source === "close");
    expect(recorded.map((coin) => coin.symbol)).toEqual(
      expect.arrayContaining(["BTC", "ETH", "SOL", "DOGE"]),
    );
  });

  it("keeps every coin's daily closes in the band from 2023 to 2028, with about its volatility", () => {
    const random = new KeyedRandom(DEFAULT_SIM_SEED);
    const factor = new CryptoMarketFactor(random);
    const first = Date.UTC(2023, 0, 1);
    const days = (Date.parse(LAST_DAY) - first) / 86_400_000;
    for (const coin of simCoins) {
      const model = new CryptoPriceModel(random, coin, factor);
      const closes: number[] = [];
      for (let day = 0; day <= days; day++)
        closes.push(model.closeOfDay(first + day * 86_400_000) / 10 ** coin.decimals);
      const tick = 10 ** -coin.decimals;
      expect(Math.min(...closes) / coin.reference.close, coin.symbol).toBeGreaterThanOrEqual(
        REFERENCE_BAND.low - tick / coin.reference.close,
      );
      expect(Math.max(...closes) / coin.reference.close, coin.symbol).toBeLessThanOrEqual(
        REFERENCE_BAND.high + tick / coin.reference.close,
      );
      if (coin.volatility < 0.1) continue; // a stablecoin's cent-sized ticks say nothing of its volatility
      const ratio = annualisedVolatility(closes, 365) / coin.volatility;
      expect(ratio, coin.symbol).toBeGreaterThan(0.6);
      expect(ratio, coin.symbol).toBeLessThan(1.25);
    }
  });

  it("is deterministic per seed and instant", async () => {
    const query = { symbol: "BTC", from: "2024-06-01", to: "2026-06-01" };
    expect(await cryptoAt(AT_LAST_DAY).getDailyCandles(query)).toEqual(
      await market.getDailyCandles(query),
    );
    expect(await cryptoAt(AT_LAST_DAY, "other").getDailyCandles(query)).not.toEqual(
      await market.getDailyCandles(query),
    );
  });
});

describe("the soft cap and the provider's id", () => {
  it("leaves small deviations alone and never lets a large one leave the band", () => {
    expect(softCap(0.05)).toBe(0.05);
    expect(softCap(-0.1)).toBe(-0.1);
    for (const d of [0.3, 0.5, 0.8]) {
      expect(Math.exp(softCap(d))).toBeLessThan(REFERENCE_BAND.high);
      expect(Math.exp(softCap(-d))).toBeGreaterThan(REFERENCE_BAND.low);
      expect(softCap(d)).toBeGreaterThan(softCap(d * 0.9));
    }
    expect(Math.exp(softCap(1e6))).toBeLessThanOrEqual(REFERENCE_BAND.high);
  });

  it("names the model's version, so bars stored by the pre-reference model are not reused", () => {
    const id = new SimulatedStockMarket({ seed: "abc" }).id;
    expect(id).not.toBe("sim:abc");
    expect(id).toBe("sim-v2:abc");
    expect(cryptoAt(AT_LAST_DAY, "abc").id).toBe(id);
  });
});
