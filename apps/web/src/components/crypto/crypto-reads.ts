import { CRYPTO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { polled, trpc } from "../../lib/trpc";

// The crypto screens' reads, one query's options each, shared by the routes' loaders and the
// screens' hooks, so what a loader has read is what the screen shows (the same key, freshness and
// retries). A module of its own with nothing else in it: a loader waits for its imports alone.

/** The crypto watchlist; with `autoRefresh`, polled every 10 s by the screen that asked. */
export const cryptoWatchlistQuery = ({ autoRefresh = false }: { autoRefresh?: boolean } = {}) => {
  const options = trpc.cryptoWatchlist.list.queryOptions();
  return autoRefresh ? polled(options, CRYPTO_REFRESH_INTERVAL_MS) : options;
};

/**
 * The user's crypto positions, valued by the server at the current quotes; with `autoRefresh`,
 * polled every 10 s by the screen that asked.
 */
export const cryptoPositionsQuery = ({ autoRefresh = false }: { autoRefresh?: boolean } = {}) => {
  const options = trpc.cryptoPortfolio.list.queryOptions();
  return autoRefresh ? polled(options, CRYPTO_REFRESH_INTERVAL_MS) : options;
};

/** One coin's quote. */
export const coinQuoteQuery = (symbol: string) => trpc.crypto.quote.queryOptions({ symbol });

/** The coins' names (the currency list), which change rarely: fresh for an hour. */
export const coinNamesQuery = () => ({
  ...trpc.crypto.currencies.queryOptions(),
  staleTime: 60 * 60_000,
});
