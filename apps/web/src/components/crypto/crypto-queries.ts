import { CRYPTO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { httpStatusOf } from "../../lib/trpc";
import { useLiveQuotes } from "../assets/live-quotes";
import {
  coinNamesQuery,
  coinQuoteQuery,
  cryptoPositionsQuery,
  cryptoWatchlistQuery,
} from "./crypto-reads";

/** An unknown or malformed symbol ('Cryptocurrency not found'): an answer, not worth a retry. */
export function isUnknownCoin(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 404 || status === 400;
}

/**
 * The crypto watchlist with live quotes and saved prices. With `autoRefresh` it refreshes every
 * 10 s while the screen that asked is open (the interval belongs to the mounted query, so it
 * stops when the screen is left); the server answers from its quote cache.
 */
export function useCryptoWatchlist({
  autoRefresh = false,
  live = autoRefresh,
}: { autoRefresh?: boolean; live?: boolean } = {}) {
  const watchlist = useQuery(cryptoWatchlistQuery({ autoRefresh }));
  // A screen that keeps the watchlist fresh gets its prices live too; `live` alone (the
  // dashboard, which the spec does not poll) moves with the stream without polling.
  useLiveQuotes({ crypto: live ? (watchlist.data ?? []).map((item) => item.symbol) : [] });
  return watchlist;
}

/**
 * One coin's quote, polled every 10 s and pushed live in between. A failed read is not made again
 * as the page mounts (its route's loader has just made it; Retry does), and an unknown coin is not
 * polled: a query without data that fetches is pending again, and the page would show its
 * loading layout, twice the error's height, each time.
 */
export function useCryptoQuote(symbol: string) {
  useLiveQuotes({ crypto: [symbol] });
  return useQuery({
    ...coinQuoteQuery(symbol),
    retryOnMount: false,
    refetchInterval: (query) =>
      isUnknownCoin(query.state.error) ? false : CRYPTO_REFRESH_INTERVAL_MS,
  });
}

/**
 * The user's crypto positions, valued by the server at the current quotes. Kept fresh, they count
 * as fresh for one refresh interval: positions a route's loader has just read are shown, not asked
 * for again as the page mounts (the coin page read them twice on every load).
 */
export function useCryptoPositions({ autoRefresh = false }: { autoRefresh?: boolean } = {}) {
  return useQuery(cryptoPositionsQuery({ autoRefresh }));
}

/** Coin names by symbol ("BTC" → "Bitcoin"); the list changes rarely. */
export function useCoinNames(): Map<string, string> {
  const currencies = useQuery(coinNamesQuery());
  return useMemo(
    () => new Map((currencies.data ?? []).map((currency) => [currency.id, currency.name])),
    [currencies.data],
  );
}
