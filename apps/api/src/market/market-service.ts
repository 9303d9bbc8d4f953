import type { Repositories } from "@ledgerline/db";
import {
  clockStartingAt,
  createMarketService,
  systemClock,
  type MarketService,
  type WatchedSymbols,
} from "@ledgerline/market";
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../env";

/** The market service for this deployment: the simulated market or the real providers, per env. */
export function marketServiceFromEnv(
  env: Env,
  repos: Repositories,
  logger: FastifyBaseLogger,
): MarketService {
  return createMarketService({
    stocks:
      env.MARKET_DATA_PROVIDER === "polygon"
        ? {
            provider: "polygon",
            apiKey: env.POLYGON_API_KEY ?? "",
            ...(env.POLYGON_BASE_URL ? { baseUrl: env.POLYGON_BASE_URL } : {}),
          }
        : { provider: "sim" },
    crypto:
      env.CRYPTO_DATA_PROVIDER === "coinbase"
        ? {
            provider: "coinbase",
            ...(env.COINBASE_API_BASE_URL ? { apiBaseUrl: env.COINBASE_API_BASE_URL } : {}),
            ...(env.COINBASE_EXCHANGE_BASE_URL
              ? { exchangeBaseUrl: env.COINBASE_EXCHANGE_BASE_URL }
              : {}),
          }
        : { provider: "sim" },
    seed: env.MARKET_SEED,
    clock: env.MARKET_TIME ? clockStartingAt(new Date(env.MARKET_TIME)) : systemClock,
    store: repos.marketData,
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

/** What the refresher keeps fresh: every symbol in anyone's watchlist or portfolio. */
export async function watchedSymbols(repos: Repositories): Promise<WatchedSymbols> {
  const [savedStocks, heldStocks, savedCryptos, heldCryptos] = await Promise.all([
    repos.stockWatchlist.distinctSymbols(),
    repos.portfolio.distinctSymbols("STOCK"),
    repos.cryptoWatchlist.distinctSymbols(),
    repos.portfolio.distinctSymbols("CRYPTO"),
  ]);
  return {
    stocks: [...new Set([...savedStocks, ...heldStocks])],
    crypto: [...new Set([...savedCryptos, ...heldCryptos])],
  };
}
