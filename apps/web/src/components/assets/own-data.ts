import type { QueryClient } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";

/**
 * After a trade, a cash activity, a transfer or a watchlist change: re-fetch everything of the
 * user's own that it can change (watchlists, positions, the portfolio summary, transactions, the
 * overview counts, the accounts' cash balances and activity), not the market data, which did not
 * change. Each router is named through the tRPC proxy's pathFilter,
 * so nothing here depends on how tRPC shapes its query keys.
 */
export function invalidateOwnData(queryClient: QueryClient) {
  return Promise.all(
    [
      trpc.watchlist.pathFilter(),
      trpc.portfolio.pathFilter(),
      trpc.cryptoWatchlist.pathFilter(),
      trpc.cryptoPortfolio.pathFilter(),
      trpc.portfolioSummary.pathFilter(),
      trpc.transactions.pathFilter(),
      trpc.overview.pathFilter(),
      trpc.investmentAccounts.pathFilter(),
      trpc.cash.pathFilter(),
    ].map((filter) => queryClient.invalidateQueries(filter)),
  );
}
