import type { StockSnapshot } from "@ledgerline/contracts";
import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { useLiveQuotes } from "../assets/live-quotes";

/**
 * The watchlist. With `autoRefresh` it refreshes at once on load and then every 60 s while the
 * screen that asked is open (the interval belongs to the mounted query, so it stops when the
 * screen is left). A failed refresh keeps the data shown; the server itself keeps each symbol's
 * last figures when that symbol's refresh fails.
 */
export function useWatchlist({ autoRefresh = false }: { autoRefresh?: boolean } = {}) {
  const watchlist = useQuery({
    ...trpc.watchlist.list.queryOptions(),
    staleTime: autoRefresh ? 0 : 30_000,
    refetchInterval: autoRefresh ? STOCK_REFRESH_INTERVAL_MS : false,
    // While polling, the next cycle is the retry; a retry timer would outlive the screen.
    ...(autoRefresh ? { retry: false } : {}),
  });
  // A screen that keeps the watchlist fresh gets its prices live too.
  useLiveQuotes({ stocks: autoRefresh ? (watchlist.data ?? []).map((item) => item.symbol) : [] });
  return watchlist;
}

/**
 * A looked-up stock's snapshot, kept live: the lookup's answer until a newer one reaches the
 * cache (a tick, which writes the snapshot under its canonical symbol).
 */
export function useLiveSnapshot(looked: StockSnapshot | null): StockSnapshot | null {
  useLiveQuotes({ stocks: looked ? [looked.symbol] : [] });
  const cached = useQuery({
    ...trpc.market.snapshot.queryOptions({ symbol: looked?.symbol ?? "" }),
    enabled: false,
  });
  if (!looked) return null;
  return cached.data && cached.data.timestamp >= looked.timestamp ? cached.data : looked;
}

/** The user's stock positions (the `autoRefresh` option is the crypto screens'; stocks need none). */
export function useStockPositions(_options: { autoRefresh?: boolean } = {}) {
  return useQuery(trpc.portfolio.list.queryOptions());
}
