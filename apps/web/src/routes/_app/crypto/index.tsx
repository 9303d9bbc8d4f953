import {
  SYMBOL_MAX_LENGTH,
  cryptoMessages,
  marketMessages,
  portfolioMessages,
} from "@ledgerline/contracts/browser";
import type { CryptoQuote } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { Search, X } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CryptoCardGrid } from "../../../components/crypto/CryptoCards";
import { CryptoQuoteCard } from "../../../components/crypto/CryptoQuoteCard";
import {
  isUnknownCoin,
  useCoinNames,
  useCryptoWatchlist,
} from "../../../components/crypto/crypto-queries";
import {
  coinQuoteQuery,
  cryptoPositionsQuery,
  cryptoWatchlistQuery,
} from "../../../components/crypto/crypto-reads";
import { cryptoAsset } from "../../../components/assets/crypto";
import { useAssetActions } from "../../../components/assets/useAssetActions";
import { RecentSearches } from "../../../components/assets/RecentSearches";
import { useSearchHistory } from "../../../components/assets/useSearchHistory";
import { useLiveQuotes } from "../../../components/assets/live-quotes";
import { LoadingPanel } from "../../../components/LoadingPanel";
import { RetryPanel } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { inputClass } from "../../../components/ui/Field";
import { LiveNote } from "../../../components/assets/LiveFigure";
import { errorMessage } from "../../../lib/trpc";
import { titled } from "../../../lib/head";
import {
  CryptoSearchHeader,
  CryptoSearchLoading,
} from "../../../components/loading/CryptoSearchLoading";
import { freshness } from "../../../components/assets/freshness";

interface CryptoSearch {
  symbol?: string;
}

export const Route = createFileRoute("/_app/crypto/")({
  staticData: { signedOutTo: "/access-denied" },
  head: titled("Crypto Search"),
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
  const navigate = useNavigate({ from: "/crypto/" });
  const [text, setText] = useState(symbol ?? "");
  const input = useRef<HTMLInputElement>(null);
  const { history, record, clear } = useSearchHistory<CryptoQuote>(cryptoAsset.searchHistory);
  const names = useCoinNames();
  const actions = useAssetActions(cryptoAsset, { autoRefresh: true });
  const watchlist = useCryptoWatchlist({ autoRefresh: true });
  const quote = useQuery({
    ...coinQuoteQuery(symbol ?? ""),
    enabled: symbol !== undefined,
    staleTime: 0,
  });

  // Every search that finds its coin (a repeat too) moves it to the front of the history; a
  // background refetch of the shown result is not a search.
  const searching = useRef(symbol !== undefined);
  useEffect(() => {
    if (!searching.current || quote.isFetching) return;
    searching.current = false;
    if (quote.isSuccess) record(quote.data);
  }, [quote.data, quote.isFetching, quote.isSuccess, record]);

  function search(requested: string) {
    const next = requested.trim().toUpperCase();
    if (next === "") return;
    searching.current = true;
    setText(next);
    if (next === symbol) void quote.refetch();
    else void navigate({ search: { symbol: next } });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    search(text);
  }

  const watched = new Set((watchlist.data ?? []).map((item) => item.symbol));
  const result = symbol !== undefined && quote.isSuccess && !quote.isError ? quote.data : undefined;
  // Only a coin the market found is streamed; a failed lookup has nothing to move.
  useLiveQuotes({ crypto: result ? [result.symbol] : [] });

  return (
    <div>
      <CryptoSearchHeader
        note={
          <LiveNote
            polling={freshness.polling.crypto}
            idle={symbol === undefined && (watchlist.data ?? []).length === 0}
          />
        }
      />

      <section aria-labelledby="crypto-lookup-heading" className="mb-8">
        <h2 id="crypto-lookup-heading" className="sr-only">
          Look up a cryptocurrency
        </h2>
        <form role="search" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <div className="relative flex-1">
            <label htmlFor="crypto-symbol" className="sr-only">
              Crypto symbol
            </label>
            <input
              id="crypto-symbol"
              ref={input}
              value={text}
              onChange={(event) => setText(event.target.value.toUpperCase())}
              maxLength={SYMBOL_MAX_LENGTH}
              placeholder="Symbol, e.g. BTC"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputClass} h-11 pr-10 text-base uppercase placeholder:normal-case`}
            />
            {text !== "" && (
              <button
                type="button"
                aria-label="Clear symbol"
                onClick={() => {
                  setText("");
                  input.current?.focus();
                }}
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted hover:text-text"
              >
                <X aria-hidden="true" className="h-4 w-4" />
              </button>
            )}
          </div>
          <Button type="submit" size="lg" className="h-11" busy={quote.isFetching}>
            {!quote.isFetching && <Search aria-hidden="true" className="h-4 w-4" />}
            Search
          </Button>
        </form>
        <RecentSearches history={history} onSearch={search} onClear={clear} />

        <div className="mt-6" aria-live="polite">
          {symbol !== undefined && quote.isPending && (
            <LoadingPanel label={`Looking up ${symbol}`} shape="card" />
          )}
          {quote.isError &&
            (isUnknownCoin(quote.error) ? (
              <Alert tone="error">{marketMessages.cryptocurrencyNotFound}</Alert>
            ) : (
              <RetryPanel
                message={errorMessage(quote.error, marketMessages.failedToFetchCryptoData)}
                onRetry={() => void quote.refetch()}
                retrying={quote.isFetching}
              />
            ))}
          {result && (
            <CryptoQuoteCard
              quote={result}
              name={names.get(result.symbol)}
              watched={watched.has(result.symbol)}
              actions={actions}
              withDetailsLink
              wide
            />
          )}
        </div>
      </section>

      <section aria-labelledby="watched-crypto-heading">
        <h2 id="watched-crypto-heading" className="mb-4 text-xl font-semibold">
          Your Watchlisted Crypto
        </h2>
        {watchlist.isPending ? (
          <LoadingPanel label="Loading your watchlist" shape="cards" />
        ) : watchlist.isError && !watchlist.data ? (
          <RetryPanel
            message={portfolioMessages.failedToLoadSavedCryptos}
            onRetry={() => void watchlist.refetch()}
            retrying={watchlist.isFetching}
          />
        ) : (watchlist.data ?? []).length === 0 ? (
          <p className="rounded-xl border border-dashed border-border bg-surface px-6 py-8 text-center text-muted">
            {cryptoMessages.watchlistEmpty}
          </p>
        ) : (
          <CryptoCardGrid
            items={watchlist.data ?? []}
            names={names}
            actions={actions}
            versusSaved
          />
        )}
      </section>
      {actions.dialogs}
    </div>
  );
}
