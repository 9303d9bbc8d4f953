import {
  DEFAULT_BENCHMARK_BASIS,
  PORTFOLIO_REFRESH_INTERVAL_MS,
  type BenchmarkBasis,
  type PortfolioHistoryRange,
} from "@ledgerline/contracts/browser";
import { trpc } from "../../lib/trpc";
import { unbatchedTrpc } from "../../lib/trpc-unbatched";

// The portfolio's reads, one query's options each, shared by the routes' loaders and the screens
// that show them, so what a loader has read is what the screen shows (the same key, freshness and
// retries). A module of its own with nothing else in it: a loader waits for its imports alone.

/**
 * The portfolio's positions, values and today's change. With `autoRefresh` (the summary page) it
 * is read again every 60 s, and a failed read keeps the figures shown until the next (no
 * retries); a read of the last few seconds counts as fresh, so a slow first render does not read
 * again what the route's loader has just read.
 */
export const portfolioSummaryQuery = ({ autoRefresh = false }: { autoRefresh?: boolean } = {}) =>
  autoRefresh
    ? {
        ...trpc.portfolioSummary.get.queryOptions(),
        staleTime: 10_000,
        refetchInterval: PORTFOLIO_REFRESH_INTERVAL_MS,
        retry: false as const,
      }
    : trpc.portfolioSummary.get.queryOptions();

/**
 * The portfolio's value (or one account's) at each day's close over a range, beside the S&P 500
 * compared as `benchmark` says: fresh for five minutes. Read alone, never batched: while a
 * back-dated change's history is recomputed it waits for the recompute, and the summary's figures
 * read beside it (the summary's loader asks for both) would wait with it, a skeleton under the
 * "Updating history" banner instead of the figures.
 */
export const portfolioHistoryQuery = (
  range: PortfolioHistoryRange,
  benchmark: BenchmarkBasis = DEFAULT_BENCHMARK_BASIS,
  /** One investment account's history; none for all of them. */
  accountId?: number,
) => ({
  ...unbatchedTrpc.portfolioSummary.history.queryOptions(
    accountId === undefined ? { range, benchmark } : { range, benchmark, accountId },
  ),
  staleTime: 5 * 60_000,
});
