import { CRYPTO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";

/**
 * The crypto watchlist with live quotes and saved prices. With `autoRefresh` it refreshes every
 * 10 s while the screen that asked is open (the interval belongs to the mounted query, so it
 * stops when the screen is left); the server answers from its quote cache.
 */
export function useCryptoWatchlist({ autoRefresh = false }: { autoRefresh?: boolean } = {}) {
  return useQuery({
    ...trpc.cryptoWatchlist.list.queryOptions(),
    ...(autoRefresh
      ? { staleTime: 0, refetchInterval: CRYPTO_REFRESH_INTERVAL_MS, retry: false }
      : {}),
  });
}

/** The user's crypto positions, valued by the server at the current quotes. */
export function useCryptoPositions({ autoRefresh = false }: { autoRefresh?: boolean } = {}) {
  return useQuery({
    ...trpc.cryptoPortfolio.list.queryOptions(),
    ...(autoRefresh
      ? { staleTime: 0, refetchInterval: CRYPTO_REFRESH_INTERVAL_MS, retry: false }
      : {}),
  });
}

/** Coin names by symbol ("BTC" → "Bitcoin"); the list changes rarely. */
export function useCoinNames(): Map<string, string> {
  const currencies = useQuery({
    ...trpc.crypto.currencies.queryOptions(),
    staleTime: 60 * 60_000,
  });
  return useMemo(
    () => new Map((currencies.data ?? []).map((currency) => [currency.id, currency.name])),
    [currencies.data],
  );
}
