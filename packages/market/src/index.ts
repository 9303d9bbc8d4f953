// The market-data domain: provider interfaces, the simulated market, the Polygon and Coinbase
// adapters, and the service that puts cache, single-flight, batching, rate limiting and a
// circuit breaker in front of them.

export {
  createMarketService,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  DEFAULT_RATE_LIMITS,
  providerRateLimits,
} from "./service/create-market-service";
export type {
  CryptoProviderConfig,
  FxProviderConfig,
  MarketService,
  MarketServiceConfig,
  StockProviderConfig,
} from "./service/create-market-service";
export { FxRatesService } from "./fx/fx-rates-service";
export type { FxRates } from "./fx/fx-rates-service";
export { PolygonFxRates } from "./fx/polygon-fx-rates";
export { SimulatedFxRates } from "./fx/simulated-fx-rates";
export type { ForeignCurrency, FxDayRate, FxRateProvider } from "./fx/types";
export { StockMarketService } from "./service/stock-market-service";
export { knownCompanyName } from "./sim/stocks/company-profiles";
export { coinCategoryOf } from "./classification/coin-categories";
export { sectorOfSic } from "./classification/sic-sectors";
export type { RefreshReport, SnapshotResult } from "./service/stock-market-service";
export { CryptoMarketService, toCryptoQuote } from "./service/crypto-market-service";
export { staleStoredQuote, storableQuote } from "./service/quote-age";
export type { CryptoQuoteResult } from "./service/crypto-market-service";
export { MarketRefresher } from "./service/market-refresher";
export type { MarketRefresherOptions, WatchedSymbols } from "./service/market-refresher";
export { toMarketMovers, toStockSnapshot, isMarketClosed } from "./service/snapshot-view";
export { defaultMarketTtls } from "./service/ttl";
export type { MarketTtls } from "./service/ttl";
export type { UpstreamCallEvent, UpstreamCallListener } from "./service/provider-gateway";
export type { StaleServedEvent } from "./service/cached-loader";

export {
  MarketDataError,
  isMarketDataError,
  marketErrorHttpStatus,
  marketErrorKinds,
} from "./errors";
export type { MarketErrorKind, MarketOperation } from "./errors";
export { clockStartingAt, fixedClock, systemClock } from "@ledgerline/clock";
export type { Clock, TimerHandle } from "@ledgerline/clock";
export type { Decimal } from "@ledgerline/money";
export { parseCryptoSymbol, parseStockSymbol } from "./symbols";

export type * from "./providers/types";
export { PolygonStockMarket } from "./polygon/polygon-stock-market";
export type { PolygonConfig } from "./polygon/polygon-stock-market";
export { CoinbaseCryptoMarket } from "./coinbase/coinbase-crypto-market";
export { COINBASE_FEED_URL, CoinbaseTickerFeed } from "./coinbase/coinbase-ticker-feed";
export type { CoinbaseFeedEvent, CoinbaseTickerFeedOptions } from "./coinbase/coinbase-ticker-feed";

export { PriceTicks, instrumentKey } from "./stream/price-ticks";
export type {
  AssetType,
  Instrument,
  PriceTick,
  TickListener,
  TickSource,
} from "./stream/price-ticks";
export { pollingTickSource } from "./stream/polling-tick-source";
export type { PollingTickSourceOptions } from "./stream/polling-tick-source";
export { defaultTickTimings, marketTickSource } from "./stream/market-tick-source";
export type { MarketTickSourceOptions, TickTimings } from "./stream/market-tick-source";
export type { CoinbaseConfig } from "./coinbase/coinbase-crypto-market";

export {
  DEFAULT_SIM_SEED,
  SIM_TICKERS_WITHOUT_INTRADAY_RANGE,
  SIM_TICKERS_WITHOUT_NEWS,
  SimulatedStockMarket,
} from "./sim/stocks/simulated-stock-market";
export type { SimulatedMarketOptions } from "./sim/stocks/simulated-stock-market";
export { SimulatedCryptoMarket } from "./sim/crypto/simulated-crypto-market";
export { simCoins } from "./sim/crypto/coins";
export {
  DEFAULT_FAVICON_BASE_PATH,
  getPublisherFavicon,
  listPublisherFavicons,
  simPublishers,
} from "./sim/news/publishers";

export type { DateRange, MarketStore, StoredCompanyDetails } from "./store/market-store";
export { InMemoryMarketStore } from "./store/in-memory-market-store";
export type { CacheEntry, MarketCache } from "./resilience/cache";
export { InMemoryMarketCache } from "./resilience/cache";
export type { SingleFlight } from "./resilience/single-flight";
export { InMemorySingleFlight } from "./resilience/single-flight";
export type { RateLimit, RateLimitDecision, RateLimiter } from "./resilience/rate-limit";
export { providerBudget, takeFrom } from "./resilience/rate-limit";
export type { CircuitBreaker, CircuitState } from "./resilience/circuit-breaker";
export { ConsecutiveFailureBreaker } from "./resilience/circuit-breaker";

export {
  isNyseHoliday,
  isTradingDay,
  lastCompletedSession,
  marketPhaseAt,
  nextSessionOpening,
  sessionInProgress,
  sessionOn,
} from "./calendar/nyse-calendar";
export type { MarketPhase, TradingSession } from "./calendar/nyse-calendar";
export { newYorkDate, newYorkMidnight } from "./calendar/new-york-time";
