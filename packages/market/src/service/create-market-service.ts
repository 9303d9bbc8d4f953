import { systemClock, type Clock } from "@ledgerline/clock";
import { CoinbaseCryptoMarket, type CoinbaseConfig } from "../coinbase/coinbase-crypto-market";
import { COINBASE_FEED_URL, type CoinbaseFeedEvent } from "../coinbase/coinbase-ticker-feed";
import { PolygonStockMarket, type PolygonConfig } from "../polygon/polygon-stock-market";
import { FxRatesService } from "../fx/fx-rates-service";
import { PolygonFxRates, type PolygonFxConfig } from "../fx/polygon-fx-rates";
import { SimulatedFxRates } from "../fx/simulated-fx-rates";
import type { FxRateProvider } from "../fx/types";
import type { CryptoMarketProvider, StockMarketProvider } from "../providers/types";
import { InMemoryMarketCache, type MarketCache } from "../resilience/cache";
import { ConsecutiveFailureBreaker } from "../resilience/circuit-breaker";
import {
  providerBudget,
  unlimitedRateLimiter,
  type RateLimit,
  type RateLimiter,
} from "../resilience/rate-limit";
import { InMemorySingleFlight, type SingleFlight } from "../resilience/single-flight";
import { SimulatedCryptoMarket } from "../sim/crypto/simulated-crypto-market";
import { constituentNames } from "../sim/stocks/company-profiles";
import { DEFAULT_SIM_SEED, SimulatedStockMarket } from "../sim/stocks/simulated-stock-market";
import { sp500Constituents } from "../sim/data/sp500-constituents.gen";
import { InMemoryMarketStore } from "../store/in-memory-market-store";
import { marketTickSource, type TickTimings } from "../stream/market-tick-source";
import type { TickSource } from "../stream/price-ticks";
import type { MarketStore } from "../store/market-store";
import { CachedLoader, type StaleServedEvent } from "./cached-loader";
import { CryptoMarketService } from "./crypto-market-service";
import { MarketRefresher, type MarketRefresherOptions } from "./market-refresher";
import { ProviderGateway, type UpstreamCallListener } from "./provider-gateway";
import { StockMarketService } from "./stock-market-service";
import { defaultMarketTtls, type MarketTtls } from "./ttl";

interface GuardOptions {
  /** Local token bucket for this provider; false for none. */
  rateLimit?: RateLimit | false;
}

export type StockProviderConfig =
  | ({ provider: "sim" } & GuardOptions)
  | ({ provider: "polygon" } & PolygonConfig & GuardOptions)
  | ({ provider: StockMarketProvider } & GuardOptions);

export type CryptoProviderConfig =
  | ({ provider: "sim" } & GuardOptions)
  | ({ provider: "coinbase" } & CoinbaseConfig & GuardOptions)
  | ({ provider: CryptoMarketProvider } & GuardOptions);

export type FxProviderConfig =
  | ({ provider: "sim" } & GuardOptions)
  | ({ provider: "polygon" } & PolygonFxConfig & GuardOptions)
  | ({ provider: FxRateProvider } & GuardOptions);

export interface MarketServiceConfig {
  /** Default: the simulated market. */
  stocks?: StockProviderConfig;
  /** Default: the simulated market. */
  crypto?: CryptoProviderConfig;
  /** Daily USD→currency rates for display currencies. Default: the simulated market. */
  fx?: FxProviderConfig;
  /** Seed of the simulated markets (MARKET_SEED). */
  seed?: string;
  /** Default: the system clock. Pin it with fixedClock() or clockStartingAt(). */
  clock?: Clock;
  /** Where bars and company details persist. Default: in memory (pass the db repository). */
  store?: MarketStore;
  cache?: MarketCache;
  singleFlight?: SingleFlight;
  /** Replaces the per-provider token buckets (e.g. with a shared Redis limiter). */
  rateLimiter?: RateLimiter;
  /** Upstream budgets by provider id (see providerRateLimits). Default DEFAULT_RATE_LIMITS. */
  rateLimits?: Readonly<Record<string, RateLimit>>;
  ttls?: Partial<MarketTtls>;
  /** Snapshot requests within this window share one upstream call. Default 10 ms. */
  batchWindowMs?: number;
  circuitBreaker?: { failureThreshold?: number; cooldownMs?: number };
  /**
   * The longest one provider call may take before it counts as failed and stale data (or the
   * spec's error) is answered instead (MARKET_PROVIDER_TIMEOUT_MS). Default 3000 ms.
   */
  providerTimeoutMs?: number;
  /** Symbols the market summary covers. Default: the S&P 500 list. */
  summarySymbols?: readonly string[];
  /** Where the API serves publisher favicons. Default /api/market/favicons. */
  faviconBasePath?: string;
  onUpstreamCall?: UpstreamCallListener;
  onStaleServed?: (event: StaleServedEvent) => void;
  /** How often live prices are read where they are polled (see TickTimings). */
  tickTimings?: Partial<TickTimings>;
  /** Connection changes of a streaming feed, and frames it could not read. */
  onFeedEvent?: (event: CoinbaseFeedEvent) => void;
}

/** Free Polygon allows 5 calls a minute; Coinbase's public API about 10 a second. */
export const DEFAULT_RATE_LIMITS: Readonly<Record<string, RateLimit>> = {
  polygon: { requests: 5, perMs: 60_000 },
  coinbase: { requests: 10, perMs: 1000 },
};

/** The budgets of the plans an operator pays for (POLYGON_CALLS_PER_MINUTE, COINBASE_CALLS_PER_SECOND). */
export function providerRateLimits(options: {
  polygonCallsPerMinute?: number;
  coinbaseCallsPerSecond?: number;
}): Record<string, RateLimit> {
  const limits: Record<string, RateLimit> = { ...DEFAULT_RATE_LIMITS };
  if (options.polygonCallsPerMinute !== undefined)
    limits.polygon = { requests: options.polygonCallsPerMinute, perMs: 60_000 };
  if (options.coinbaseCallsPerSecond !== undefined)
    limits.coinbase = { requests: options.coinbaseCallsPerSecond, perMs: 1000 };
  return limits;
}

/** A hung upstream costs a user at most this long by default. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 3000;

export interface MarketService {
  stocks: StockMarketService;
  crypto: CryptoMarketService;
  fx: FxRatesService;
  clock: Clock;
  /** Live prices at their source: one upstream stream per opened instrument (see PriceTicks). */
  ticks: TickSource;
  /** A refresher over this service; call start() and stop() with the server. */
  createRefresher(options: MarketRefresherOptions): MarketRefresher;
}

function stockProvider(
  config: StockProviderConfig,
  seed: string,
  clock: Clock,
  faviconBasePath: string | undefined,
  timeoutMs: number,
): StockMarketProvider {
  if (config.provider === "sim")
    return new SimulatedStockMarket({
      seed,
      clock,
      ...(faviconBasePath ? { faviconBasePath } : {}),
    });
  if (config.provider === "polygon")
    return new PolygonStockMarket({ ...config, timeoutMs: config.timeoutMs ?? timeoutMs, clock });
  return config.provider;
}

function cryptoProvider(
  config: CryptoProviderConfig,
  seed: string,
  clock: Clock,
  timeoutMs: number,
): CryptoMarketProvider {
  if (config.provider === "sim") return new SimulatedCryptoMarket({ seed, clock });
  if (config.provider === "coinbase")
    return new CoinbaseCryptoMarket({ ...config, timeoutMs: config.timeoutMs ?? timeoutMs });
  return config.provider;
}

function fxProvider(config: FxProviderConfig, seed: string, timeoutMs: number): FxRateProvider {
  if (config.provider === "sim") return new SimulatedFxRates({ seed });
  if (config.provider === "polygon")
    return new PolygonFxRates({ ...config, timeoutMs: config.timeoutMs ?? timeoutMs });
  return config.provider;
}

function rateLimiterFor(
  providerId: string,
  config: GuardOptions,
  clock: Clock,
  shared: RateLimiter | undefined,
  limits: Readonly<Record<string, RateLimit>>,
): RateLimiter {
  if (shared) return shared;
  const limit = config.rateLimit ?? limits[providerId];
  return limit ? providerBudget(limit, clock) : unlimitedRateLimiter;
}

/**
 * Builds the market service the API uses. Configuration comes in as arguments: this package
 * never reads the environment.
 */
export function createMarketService(config: MarketServiceConfig = {}): MarketService {
  const clock = config.clock ?? systemClock;
  const seed = config.seed ?? DEFAULT_SIM_SEED;
  const ttls = { ...defaultMarketTtls, ...config.ttls };
  const cache = config.cache ?? new InMemoryMarketCache({ clock });
  const singleFlight = config.singleFlight ?? new InMemorySingleFlight();
  const store = config.store ?? new InMemoryMarketStore();
  const loader = new CachedLoader(
    cache,
    singleFlight,
    clock,
    ttls.negativeMs,
    config.onStaleServed,
  );

  const stockConfig = config.stocks ?? { provider: "sim" };
  const cryptoConfig = config.crypto ?? { provider: "sim" };
  const timeoutMs = config.providerTimeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const stocks = stockProvider(stockConfig, seed, clock, config.faviconBasePath, timeoutMs);
  const crypto = cryptoProvider(cryptoConfig, seed, clock, timeoutMs);
  const fxConfig = config.fx ?? { provider: "sim" };
  const fx = fxProvider(fxConfig, seed, timeoutMs);

  const gateway = (providerId: string, guard: GuardOptions) =>
    new ProviderGateway(providerId, {
      clock,
      rateLimiter: rateLimiterFor(
        providerId,
        guard,
        clock,
        config.rateLimiter,
        config.rateLimits ?? DEFAULT_RATE_LIMITS,
      ),
      breaker: new ConsecutiveFailureBreaker({ clock, ...config.circuitBreaker }),
      timeoutMs,
      onUpstreamCall: config.onUpstreamCall,
    });

  const stockService = new StockMarketService({
    provider: stocks,
    gateway: gateway(stocks.id, stockConfig),
    loader,
    singleFlight,
    store,
    clock,
    ttls,
    batchWindowMs: config.batchWindowMs ?? 10,
    knownNames: constituentNames,
    summarySymbols: config.summarySymbols ?? sp500Constituents.map((row) => row.symbol),
  });
  const cryptoService = new CryptoMarketService({
    provider: crypto,
    gateway: gateway(crypto.id, cryptoConfig),
    loader,
    clock,
    ttls,
    store,
    singleFlight,
  });

  return {
    stocks: stockService,
    crypto: cryptoService,
    fx: new FxRatesService({ provider: fx, gateway: gateway(fx.id, fxConfig), clock }),
    clock,
    ticks: marketTickSource({
      stocks: stockService,
      crypto: cryptoService,
      clock,
      ...(config.tickTimings ? { timings: config.tickTimings } : {}),
      ...(cryptoConfig.provider === "coinbase"
        ? { coinbaseFeedUrl: cryptoConfig.feedUrl ?? COINBASE_FEED_URL }
        : {}),
      ...(config.onFeedEvent ? { onFeedEvent: config.onFeedEvent } : {}),
    }),
    createRefresher: (options) => new MarketRefresher(stockService, cryptoService, clock, options),
  };
}
