import type { OverviewCounts } from "@ledgerline/contracts";
import type { UserScope } from "../platform/scope";

/** The landing page's Quick Overview: watched symbols and distinct symbols held, per kind. */
export async function overviewCounts(scope: UserScope): Promise<OverviewCounts> {
  const { repos } = scope.deps;
  const userId = scope.user.id;
  const [savedStocks, savedCrypto, stocksOwned, cryptoOwned] = await Promise.all([
    repos.stockWatchlist.count(userId),
    repos.cryptoWatchlist.count(userId),
    repos.portfolio.countHeld(userId, "STOCK"),
    repos.portfolio.countHeld(userId, "CRYPTO"),
  ]);
  return { savedStocks, savedCrypto, stocksOwned, cryptoOwned };
}
