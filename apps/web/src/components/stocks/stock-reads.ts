import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { polled, trpc } from "../../lib/trpc";

// The stock screens' reads, one query's options each, shared by the routes' loaders and the
// screens' hooks, so what a loader has read is what the screen shows (the same key, freshness and
// retries). A module of its own with nothing else in it: a loader waits for its imports alone.

/**
 * The watchlist. With `autoRefresh` it is polled every 60 s by the screen that asked (`polled`);
 * otherwise it counts as fresh for 30 s.
 */
export const stockWatchlistQuery = ({ autoRefresh = false }: { autoRefresh?: boolean } = {}) =>
  autoRefresh
    ? polled(trpc.watchlist.list.queryOptions(), STOCK_REFRESH_INTERVAL_MS)
    : { ...trpc.watchlist.list.queryOptions(), staleTime: 30_000 };

/** The user's stock positions. */
export const stockPositionsQuery = () => trpc.portfolio.list.queryOptions();

/** The market at a glance (GET /api/stockdata/summary, over tRPC here). */
export const marketSummaryQuery = () => trpc.market.summary.queryOptions();

/**
 * Whether the stock market is open and when it next opens: read again every minute, as the
 * market opens and closes while a screen stays open.
 */
export const marketStatusQuery = () => polled(trpc.market.status.queryOptions(), 60_000);

/** One stock's latest snapshot. */
export const stockSnapshotQuery = (symbol: string) => trpc.market.snapshot.queryOptions({ symbol });

/** One company's reference details (name, key statistics, about). */
export const companyDetailsQuery = (symbol: string) => trpc.market.details.queryOptions({ symbol });
