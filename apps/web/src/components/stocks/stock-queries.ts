import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { PositionView } from "@ledgerline/contracts";
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { trpc } from "../../lib/trpc";

/**
 * The watchlist. With `autoRefresh` it refreshes at once on load and then every 60 s while the
 * screen that asked is open (the interval belongs to the mounted query, so it stops when the
 * screen is left). A failed refresh keeps the data shown; the server itself keeps each symbol's
 * last figures when that symbol's refresh fails.
 */
export function useWatchlist({ autoRefresh = false }: { autoRefresh?: boolean } = {}) {
  return useQuery({
    ...trpc.watchlist.list.queryOptions(),
    staleTime: autoRefresh ? 0 : 30_000,
    refetchInterval: autoRefresh ? STOCK_REFRESH_INTERVAL_MS : false,
    // While polling, the next cycle is the retry; a retry timer would outlive the screen.
    ...(autoRefresh ? { retry: false } : {}),
  });
}

export function useStockPositions() {
  return useQuery(trpc.portfolio.list.queryOptions());
}

/** The user's stock positions by symbol. */
export function useHoldings(): Map<string, PositionView> {
  const positions = useStockPositions();
  return useMemo(
    () => new Map((positions.data ?? []).map((position) => [position.symbol, position])),
    [positions.data],
  );
}

/**
 * After a trade or a watchlist change: re-fetch everything of the user's own (watchlists,
 * positions, summaries, transactions), not the market data, which did not change.
 */
export function refetchUserData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const path = query.queryKey[0];
      return !(Array.isArray(path) && (path[0] === "market" || path[0] === "crypto"));
    },
  });
}
