import {
  CRYPTO_DASHBOARD_INTRO_KEY,
  cryptoMessages,
  portfolioMessages,
} from "@ledgerline/contracts/browser";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Coins, Search } from "lucide-react";
import { CryptoCardGrid, useHeldNotWatchedCoins } from "../../components/crypto/CryptoCards";
import { useCoinNames, useCryptoWatchlist } from "../../components/crypto/crypto-queries";
import { cryptoAsset } from "../../components/assets/crypto";
import { useAssetActions } from "../../components/assets/useAssetActions";
import { LoadingPanel, SkeletonBlocks } from "../../components/LoadingPanel";
import { PageSkeleton, RetryPanel, Skeleton } from "../../components/RouteStates";
import { buttonClass } from "../../components/ui/Button";
import { CollapsibleIntro } from "../../components/ui/CollapsibleIntro";
import { LiveNote } from "../../components/assets/LiveFigure";
import { PageHeader } from "../../components/ui/PageHeader";
import { titled } from "../../lib/head";

export const Route = createFileRoute("/_app/crypto-dashboard")({
  head: titled("Crypto Dashboard"),
  // Prefetched, not awaited as the page's data: a failed watchlist must read as the spec's
  // 'Failed to load saved cryptocurrencies' on this page, not as the route's error screen.
  loader: ({ context: { queryClient, trpc } }) =>
    Promise.all([
      queryClient.prefetchQuery(trpc.cryptoWatchlist.list.queryOptions()),
      queryClient.prefetchQuery(trpc.cryptoPortfolio.list.queryOptions()),
    ]),
  pendingComponent: CryptoDashboardSkeleton,
  component: CryptoDashboardPage,
});

/** While the loader's reads are slow: the page's header, its intro and its cards as blocks. */
function CryptoDashboardSkeleton() {
  return (
    <PageSkeleton title="Crypto Dashboard" subtitle="The coins you watch, at a glance.">
      <Skeleton className="h-14" />
      <SkeletonBlocks shape="cards" />
    </PageSkeleton>
  );
}

function CryptoDashboardPage() {
  const watchlist = useCryptoWatchlist({ live: true });
  const actions = useAssetActions(cryptoAsset);
  const names = useCoinNames();
  const items = watchlist.data ?? [];
  const held = useHeldNotWatchedCoins(actions, watchlist.data);

  return (
    <div>
      <PageHeader
        title="Crypto Dashboard"
        subtitle={
          <>
            The coins you watch, at a glance.{" "}
            <LiveNote polling="Priced when the page opened." idle={items.length === 0} />
          </>
        }
      />
      <CollapsibleIntro storageKey={CRYPTO_DASHBOARD_INTRO_KEY} title="Crypto Dashboard Overview">
        <p>
          Every coin on your crypto watchlist with its current price, the change over the last 24
          hours, volume, opening price and 24-hour range. Coins you own show the amount in your
          portfolio and what it is worth now. Buy more, sell, or remove a coin from its card; open a
          coin for its price history.
        </p>
      </CollapsibleIntro>

      {watchlist.isPending ? (
        <LoadingPanel label="Loading your crypto watchlist" shape="cards" />
      ) : watchlist.isError ? (
        <RetryPanel
          message={portfolioMessages.failedToLoadSavedCryptos}
          onRetry={() => void watchlist.refetch()}
          retrying={watchlist.isFetching}
        />
      ) : items.length === 0 && held.length === 0 ? (
        <section className="rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
          <Coins aria-hidden="true" className="mx-auto h-10 w-10 text-muted" />
          <h2 className="mt-3 text-xl font-semibold">{cryptoMessages.noSavedCryptos}</h2>
          <p className="mt-1 text-muted">{cryptoMessages.watchlistEmpty}</p>
          <Link to="/crypto" className={`${buttonClass("primary")} mt-5`}>
            <Search aria-hidden="true" className="h-4 w-4" />
            Search and Add Crypto
          </Link>
        </section>
      ) : (
        <section aria-labelledby="crypto-watchlist-heading">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="crypto-watchlist-heading" className="text-xl font-semibold">
              Your Crypto Watchlist
            </h2>
            <Link to="/crypto" className={buttonClass("secondary", "sm")}>
              <Search aria-hidden="true" className="h-4 w-4" />
              Search Crypto
            </Link>
          </div>
          <CryptoCardGrid items={items} held={held} names={names} actions={actions} />
        </section>
      )}
      {actions.dialogs}
    </div>
  );
}
