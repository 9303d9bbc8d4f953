import { m } from "@ledgerline/messages";
import { createFileRoute } from "@tanstack/react-router";
import { PricesInUsd } from "../../../components/money/PricesInUsd";
import { useCoinNames, useCryptoWatchlist } from "../../../components/crypto/crypto-queries";
import {
  cryptoPositionsQuery,
  cryptoWatchlistQuery,
} from "../../../components/crypto/crypto-reads";
import { cryptoAsset } from "../../../components/assets/crypto";
import { useAssetActions } from "../../../components/assets/useAssetActions";
import { RecentSearches } from "../../../components/assets/RecentSearches";
import { useLiveQuotes } from "../../../components/assets/live-quotes";
import { LiveNote } from "../../../components/assets/LiveFigure";
import { titled } from "../../../lib/head";
import {
  CryptoSearchHeader,
  CryptoSearchLoading,
} from "../../../components/loading/CryptoSearchLoading";
import { freshness } from "../../../components/assets/freshness";
import { CoinLookup } from "./-components/CoinLookup";
import { CoinSearchForm } from "./-components/CoinSearchForm";
import { useCoinSearch } from "./-components/useCoinSearch";
import { WatchedCoins } from "./-components/WatchedCoins";

interface CryptoSearch {
  symbol?: string;
}

export const Route = createFileRoute("/_app/crypto/")({
  staticData: { signedOutTo: "/access-denied" },
  head: titled(m.nav_crypto_search()),
  // The searched symbol lives in the URL, so a search can be shared and Back returns to it.
  validateSearch: (search: Record<string, unknown>): CryptoSearch =>
    typeof search.symbol === "string" && search.symbol.trim() !== ""
      ? { symbol: search.symbol.trim().toUpperCase() }
      : {},
  // The watchlist and positions, fresh as the page keeps them, read with the page's code. A failed
  // read is the page's panel to show (the spec's 'Failed to load saved cryptocurrencies'), without
  // retries first (the page's poll is its retry).
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(cryptoWatchlistQuery({ autoRefresh: true })),
      queryClient.prefetchQuery(cryptoPositionsQuery({ autoRefresh: true })),
    ]),
  pendingComponent: CryptoSearchLoading,
  component: CryptoSearchPage,
});

function CryptoSearchPage() {
  const { symbol } = Route.useSearch();
  const names = useCoinNames();
  const actions = useAssetActions(cryptoAsset, { autoRefresh: true });
  const watchlist = useCryptoWatchlist({ autoRefresh: true });
  const { text, setText, search, history, clear, quote, result } = useCoinSearch(symbol);
  const watched = new Set((watchlist.data ?? []).map((item) => item.symbol));
  // Only a coin the market found is streamed; a failed lookup has nothing to move.
  useLiveQuotes({ crypto: result ? [result.symbol] : [] });

  return (
    <div>
      <CryptoSearchHeader
        badge={<PricesInUsd />}
        note={
          <LiveNote
            polling={freshness.polling.crypto}
            idle={symbol === undefined && (watchlist.data ?? []).length === 0}
          />
        }
      />
      <section aria-labelledby="crypto-lookup-heading" className="mb-8">
        <h2 id="crypto-lookup-heading" className="sr-only">
          {m.crypto_look_up()}
        </h2>
        <CoinSearchForm text={text} onText={setText} onSearch={search} busy={quote.isFetching} />
        <RecentSearches history={history} onSearch={search} onClear={clear} />
        <CoinLookup
          symbol={symbol}
          quote={quote}
          result={result}
          names={names}
          watched={watched}
          actions={actions}
        />
      </section>
      <WatchedCoins watchlist={watchlist} names={names} actions={actions} />
      {actions.dialogs}
    </div>
  );
}
