import { m } from "@ledgerline/messages";
import { PricesInUsd } from "../../components/money/PricesInUsd";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Coins, Search } from "lucide-react";
import { CryptoCardGrid, useHeldNotWatchedCoins } from "../../components/crypto/CryptoCards";
import { useCoinNames, useCryptoWatchlist } from "../../components/crypto/crypto-queries";
import { cryptoPositionsQuery, cryptoWatchlistQuery } from "../../components/crypto/crypto-reads";
import { cryptoAsset } from "../../components/assets/crypto";
import { useAssetActions } from "../../components/assets/useAssetActions";
import { LoadingPanel } from "../../components/LoadingPanel";
import { QueryRetryPanel } from "../../components/RouteStates";
import { buttonClass } from "../../components/ui/Button";
import { LiveNote } from "../../components/assets/LiveFigure";
import { CryptoDashboardHeader } from "../../components/crypto/CryptoDashboardHeader";
import { titled } from "../../lib/head";

export const Route = createFileRoute("/_app/crypto-dashboard")({
  head: titled(m.nav_crypto_dashboard()),
  // Prefetched, not awaited as the page's data: a failed watchlist must read as the spec's
  // 'Failed to load saved cryptocurrencies' on this page, not as the route's error screen.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(cryptoWatchlistQuery()),
      queryClient.prefetchQuery(cryptoPositionsQuery()),
    ]),
  pendingComponent: CryptoDashboardSkeleton,
  component: CryptoDashboardPage,
});

/** While the loader's reads are slow: the page's header and intro, and its cards as blocks. */
function CryptoDashboardSkeleton() {
  return (
    <div>
      {/* The live note's line, kept while it has nothing to say (LiveNote idle). */}
      <CryptoDashboardHeader note={<span className="block min-h-6" />} />
      <LoadingPanel label={m.crypto_loading_watchlist()} shape="cards" />
    </div>
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
      <CryptoDashboardHeader
        badge={<PricesInUsd />}
        note={<LiveNote polling={m.crypto_priced_on_open()} idle={items.length === 0} />}
      />

      {watchlist.isPending ? (
        <LoadingPanel label={m.crypto_loading_watchlist()} shape="cards" />
      ) : watchlist.isError ? (
        <QueryRetryPanel query={watchlist} message={m.crypto_load_saved_failed()} />
      ) : items.length === 0 && held.length === 0 ? (
        <section className="rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
          <Coins aria-hidden="true" className="mx-auto h-10 w-10 text-muted" />
          <h2 className="mt-3 text-xl font-semibold">{m.crypto_no_saved()}</h2>
          <p className="mt-1 text-muted">{m.crypto_watchlist_empty()}</p>
          <Link to="/crypto" className={`${buttonClass("primary")} mt-5`}>
            <Search aria-hidden="true" className="h-4 w-4" />
            {m.crypto_search_and_add()}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="crypto-watchlist-heading">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="crypto-watchlist-heading" className="text-xl font-semibold">
              {m.crypto_your_watchlist()}
            </h2>
            <Link to="/crypto" className={buttonClass("secondary", "sm")}>
              <Search aria-hidden="true" className="h-4 w-4" />
              {m.crypto_search()}
            </Link>
          </div>
          <CryptoCardGrid items={items} held={held} names={names} actions={actions} />
        </section>
      )}
      {actions.dialogs}
    </div>
  );
}
