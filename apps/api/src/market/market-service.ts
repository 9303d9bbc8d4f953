import type { Repositories } from "@ledgerline/db";
import {
  clockStartingAt,
  createMarketService,
  providerRateLimits,
  systemClock,
  type Clock,
  type MarketService,
  type WatchedSymbols,
} from "@ledgerline/market";
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../env";
import type { SharedState } from "@ledgerline/api/platform/shared-state/index";

/** The market's time: the system's, or starting at MARKET_TIME (demos, tests). */
export function marketClockFromEnv(env: Env): Clock {
  return env.MARKET_TIME ? clockStartingAt(new Date(env.MARKET_TIME)) : systemClock;
}

/**
 * The market service for this deployment: the simulated market or the real providers, per env,
 * with its cache, single-flight and upstream budgets where the deployment's processes share them.
 */
export function marketServiceFromEnv(
  env: Env,
  deps: { repos: Repositories; logger: FastifyBaseLogger; clock: Clock; shared: SharedState },
): MarketService {
  const { repos, logger, shared } = deps;
  const rateLimits = providerRateLimits({
    polygonCallsPerMinute: env.POLYGON_CALLS_PER_MINUTE,
    coinbaseCallsPerSecond: env.COINBASE_CALLS_PER_SECOND,
  });
  const rateLimiter = shared.providerRateLimiter(rateLimits);
  const polygon =
    env.MARKET_DATA_PROVIDER === "polygon"
      ? {
          provider: "polygon" as const,
          apiKey: env.POLYGON_API_KEY ?? "",
          ...(env.POLYGON_BASE_URL ? { baseUrl: env.POLYGON_BASE_URL } : {}),
        }
      : undefined;
  return createMarketService({
    stocks: polygon ?? { provider: "sim" },
    crypto:
      env.CRYPTO_DATA_PROVIDER === "coinbase"
        ? {
            provider: "coinbase",
            ...(env.COINBASE_API_BASE_URL ? { apiBaseUrl: env.COINBASE_API_BASE_URL } : {}),
            ...(env.COINBASE_EXCHANGE_BASE_URL
              ? { exchangeBaseUrl: env.COINBASE_EXCHANGE_BASE_URL }
              : {}),
            ...(env.COINBASE_FEED_URL ? { feedUrl: env.COINBASE_FEED_URL } : {}),
          }
        : { provider: "sim" },
    // Forex aggregates come from the same Polygon plan (and budget) as the stock data.
    fx: polygon ?? { provider: "sim" },
    seed: env.MARKET_SEED,
    clock: deps.clock,
    store: repos.marketData,
    cache: shared.marketCache,
    singleFlight: shared.singleFlight,
    rateLimits,
    providerTimeoutMs: env.MARKET_PROVIDER_TIMEOUT_MS,
    ...(rateLimiter ? { rateLimiter } : {}),
    onUpstreamCall: (event) => shared.upstreamCalls.record(event),
    onFeedEvent: (event) => {
      if (event.type === "connected") logger.info("live crypto feed connected");
      else logger.warn({ event }, "live crypto feed trouble; polling stands in meanwhile");
    },
    onStaleServed: (event) =>
      logger.warn(
        {
          key: event.key,
          operation: event.operation,
          ageMs: event.ageMs,
          detail: event.error.detail,
        },
        "served stale market data after a provider failure",
      ),
  });
}

/**
 * What the refresher keeps fresh: every symbol in anyone's watchlist or portfolio, and every
 * symbol with an alert that can still fire (so alerts are checked while their users are away).
 */
export async function watchedSymbols(repos: Repositories): Promise<WatchedSymbols> {
  const [savedStocks, heldStocks, alertStocks, savedCryptos, heldCryptos, alertCryptos] =
    await Promise.all([
      repos.stockWatchlist.distinctSymbols(),
      repos.portfolio.distinctSymbols("STOCK"),
      repos.alerts.distinctSymbols("STOCK"),
      repos.cryptoWatchlist.distinctSymbols(),
      repos.portfolio.distinctSymbols("CRYPTO"),
      repos.alerts.distinctSymbols("CRYPTO"),
    ]);
  return {
    stocks: [...new Set([...savedStocks, ...heldStocks, ...alertStocks])],
    crypto: [...new Set([...savedCryptos, ...heldCryptos, ...alertCryptos])],
  };
}
