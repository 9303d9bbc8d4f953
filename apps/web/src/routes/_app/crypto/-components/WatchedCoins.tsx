import { m } from "@ledgerline/messages";
import type { AssetActions } from "../../../../components/assets/useAssetActions";
import { CryptoCardGrid } from "../../../../components/crypto/CryptoCards";
import type { useCryptoWatchlist } from "../../../../components/crypto/crypto-queries";
import { LoadingPanel } from "../../../../components/LoadingPanel";
import { QueryRetryPanel } from "../../../../components/RouteStates";

/** The watchlist's cards: loading, failed, empty, or a card per coin. */
export function WatchedCoins({
  watchlist,
  names,
  actions,
}: {
  watchlist: ReturnType<typeof useCryptoWatchlist>;
  names: Map<string, string>;
  actions: AssetActions;
}) {
  return (
    <section aria-labelledby="watched-crypto-heading">
      <h2 id="watched-crypto-heading" className="mb-4 text-xl font-semibold">
        {m.crypto_your_watchlisted()}
      </h2>
      {watchlist.isPending ? (
        <LoadingPanel label={m.crypto_loading_your_watchlist()} shape="cards" />
      ) : watchlist.isError && !watchlist.data ? (
        <QueryRetryPanel query={watchlist} message={m.crypto_load_saved_failed()} />
      ) : (watchlist.data ?? []).length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-surface px-6 py-8 text-center text-muted">
          {m.crypto_watchlist_empty()}
        </p>
      ) : (
        <CryptoCardGrid items={watchlist.data ?? []} names={names} actions={actions} versusSaved />
      )}
    </section>
  );
}
