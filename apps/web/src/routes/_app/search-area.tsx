import { m } from "@ledgerline/messages";
import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { PricesInUsd } from "../../components/money/PricesInUsd";
import type { StockSnapshot } from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { RecentSearches } from "../../components/assets/RecentSearches";
import { useSearchHistory } from "../../components/assets/useSearchHistory";
import { LiveNote } from "../../components/assets/LiveFigure";
import { isClosedStatus, MarketClosedBanner } from "../../components/stocks/MarketStatus";
import { StockCardGrid } from "../../components/stocks/StockCards";
import { WatchlistRead } from "../../components/stocks/WatchlistRead";
import { useLiveSnapshot, useWatchlist } from "../../components/stocks/stock-queries";
import { stockSnapshotQuery, stockWatchlistQuery } from "../../components/stocks/stock-reads";
import { stockAsset } from "../../components/assets/stock";
import { useAssetActions } from "../../components/assets/useAssetActions";
import { Alert } from "../../components/ui/Alert";
import { Card } from "../../components/ui/Card";
import { CompanySearch } from "./search-area/-components/CompanySearch";
import { MarketMovers, useMarketMovers } from "./search-area/-components/MarketMovers";
import { SearchResultCard } from "./search-area/-components/SearchResultCard";
import { SymbolSearchForm } from "./search-area/-components/SymbolSearchForm";
import { titled } from "../../lib/head";
import { SearchAreaHeader, SearchAreaLoading } from "../../components/loading/SearchAreaLoading";
import { freshness } from "../../components/assets/freshness";

export const Route = createFileRoute("/_app/search-area")({
  // The spec: the stock search page sends signed-out visitors to /access-denied.
  staticData: { signedOutTo: "/access-denied" },
  head: titled(m.nav_stock_search()),
  // The watchlist, fresh as the page keeps it, read with the page's code (the market movers, below
  // the fold on a phone, load as the page renders). A failed read is the page's panel to show,
  // without retries first (the page's poll is its retry).
  loader: ({ context: { queryClient } }) =>
    queryClient.prefetchQuery(stockWatchlistQuery({ autoRefresh: true })),
  pendingComponent: SearchAreaLoading,
  component: SearchAreaPage,
});

function SearchAreaPage() {
  const queryClient = useQueryClient();
  const actions = useAssetActions(stockAsset);
  const watchlist = useWatchlist({ autoRefresh: true });
  const history = useSearchHistory<StockSnapshot>(stockAsset.searchHistory);
  const movers = useMarketMovers(STOCK_REFRESH_INTERVAL_MS);
  const [symbolText, setSymbolText] = useState("");
  const [result, setResult] = useState<StockSnapshot | null>(null);
  const [lookupError, setLookupError] = useState<string | null>(null);

  const lookup = useMutation({
    mutationFn: (symbol: string) =>
      queryClient.fetchQuery({
        ...stockSnapshotQuery(symbol),
        staleTime: 15_000,
        retry: false,
      }),
    onMutate: () => setLookupError(null),
    onSuccess: (snapshot) => {
      setResult(snapshot);
      history.record(snapshot);
    },
    onError: (_error, symbol) => {
      // The spec: the result and the last search are cleared.
      setResult(null);
      setLookupError(m.search_lookup_failed({ symbol }));
    },
  });

  function search(symbol: string) {
    setSymbolText(symbol);
    lookup.mutate(symbol);
  }

  const watched = new Set((watchlist.data ?? []).map((item) => item.symbol));
  const liveResult = useLiveSnapshot(result);

  return (
    <div>
      <SearchAreaHeader
        badge={<PricesInUsd />}
        note={
          <LiveNote
            polling={freshness.polling.stock}
            idle={
              (!result && (watchlist.data ?? []).length === 0) ||
              isClosedStatus(
                result?.marketStatus ?? watchlist.data?.[0]?.snapshot?.marketStatus ?? "",
              )
            }
          />
        }
      />
      <MarketClosedBanner
        className="mb-6"
        statuses={[
          movers.data?.marketStatus,
          result?.marketStatus,
          watchlist.data?.[0]?.snapshot?.marketStatus,
        ]}
      />

      <Card>
        <div className="grid gap-4 md:grid-cols-2">
          <SymbolSearchForm
            value={symbolText}
            onChange={setSymbolText}
            onSearch={search}
            busy={lookup.isPending}
          />
          <CompanySearch onPick={search} />
        </div>
        <RecentSearches history={history.history} onSearch={search} onClear={history.clear} />
      </Card>

      {lookupError && (
        <Alert tone="error" className="mt-6">
          {lookupError}
        </Alert>
      )}
      {liveResult && (
        <SearchResultCard
          snapshot={liveResult}
          watched={watched.has(liveResult.symbol)}
          actions={actions}
        />
      )}

      <section aria-labelledby="watchlist-heading" className="mt-10">
        <h2 id="watchlist-heading" className="mb-3 text-xl font-semibold">
          {m.search_your_watchlisted()}
        </h2>
        <WatchlistRead query={watchlist}>
          {(list) =>
            list.length === 0 ? (
              <p className="rounded-xl border border-dashed border-border bg-surface px-5 py-8 text-center text-muted">
                {m.search_watchlist_empty()}
              </p>
            ) : (
              <StockCardGrid watched={list} actions={actions} />
            )
          }
        </WatchlistRead>
      </section>

      <MarketMovers refreshMs={STOCK_REFRESH_INTERVAL_MS} />
      {actions.dialogs}
    </div>
  );
}
