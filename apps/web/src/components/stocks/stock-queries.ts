import type { SavedStock, StockSnapshot } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { useLiveQuotes } from "../assets/live-quotes";
import { stockPositionsQuery, stockSnapshotQuery, stockWatchlistQuery } from "./stock-reads";

/**
 * The watchlist. With `autoRefresh` it refreshes on load (unless read in the last minute) and
 * then every 60 s while the screen that asked is open (the interval belongs to the mounted query, so it stops when the
 * screen is left). A failed refresh keeps the data shown; the server itself keeps each symbol's
 * last figures when that symbol's refresh fails.
 */
export function useWatchlist({ autoRefresh = false }: { autoRefresh?: boolean } = {}) {
  const watchlist = useQuery(stockWatchlistQuery({ autoRefresh }));
  // A screen that keeps the watchlist fresh gets its prices live too.
  useLiveQuotes({ stocks: autoRefresh ? (watchlist.data ?? []).map((item) => item.symbol) : [] });
  return watchlist;
}

/** What a dashboard's frame shows of the watchlist: its symbols and the first one's status. */
function frameOf(list: readonly SavedStock[]) {
  return {
    watched: list.map(({ symbol }) => ({ symbol })),
    status: list[0]?.snapshot?.marketStatus,
  };
}

/**
 * The watchlist kept fresh and live as `useWatchlist({ autoRefresh: true })`, read by a screen
 * that shows only its symbols and market status: a tick, which moves a price, leaves those equal
 * (the query keeps a selected result that is deeply equal), so the screen is not drawn again;
 * each card reads its own stock with `useWatchedStock`.
 */
export function useWatchlistFrame() {
  const frame = useQuery({ ...stockWatchlistQuery({ autoRefresh: true }), select: frameOf });
  useLiveQuotes({ stocks: frame.data?.watched.map((item) => item.symbol) ?? [] });
  return frame;
}

/** One watched stock's entry, re-rendering its caller only when that entry changes. */
export function useWatchedStock(symbol: string): SavedStock | undefined {
  const { data } = useQuery({
    ...stockWatchlistQuery(),
    // A reader of what the screen's own query fetches and polls.
    enabled: false,
    select: (list) => list.find((item) => item.symbol === symbol),
  });
  return data;
}

/**
 * A looked-up stock's snapshot, kept live: the lookup's answer until a newer one reaches the
 * cache (a tick, which writes the snapshot under its canonical symbol).
 */
export function useLiveSnapshot(looked: StockSnapshot | null): StockSnapshot | null {
  useLiveQuotes({ stocks: looked ? [looked.symbol] : [] });
  const cached = useQuery({
    ...stockSnapshotQuery(looked?.symbol ?? ""),
    enabled: false,
  });
  if (!looked) return null;
  return cached.data && cached.data.timestamp >= looked.timestamp ? cached.data : looked;
}

/** The user's stock positions (the `autoRefresh` option is the crypto screens'; stocks need none). */
export function useStockPositions(_options: { autoRefresh?: boolean } = {}) {
  return useQuery(stockPositionsQuery());
}
