import { m } from "@ledgerline/messages";
import { createFileRoute } from "@tanstack/react-router";
import { CryptoQuoteCard } from "../../../components/crypto/CryptoQuoteCard";
import {
  isUnknownCoin,
  useCoinNames,
  useCryptoQuote,
  useCryptoWatchlist,
} from "../../../components/crypto/crypto-queries";
import {
  coinNamesQuery,
  coinQuoteQuery,
  cryptoPositionsQuery,
  cryptoWatchlistQuery,
} from "../../../components/crypto/crypto-reads";
import { cryptoAsset } from "../../../components/assets/crypto";
import { useAssetActions } from "../../../components/assets/useAssetActions";
import { Alert } from "../../../components/ui/Alert";
import { SetAlertButton } from "../../../components/assets/SetAlertDialog";
import { QueryRetryPanel } from "../../../components/RouteStates";
import { errorMessage } from "../../../lib/trpc";
import { CoinSkeleton, CoinSubtitle, ReturnToCryptoSearch } from "./-components/CoinStates";
import { PositionDetails } from "./-components/PositionDetails";
import { PriceHistory } from "./-components/PriceHistory";
import { pageTitle } from "../../../lib/head";
import { WatchlistButton } from "../../../components/assets/WatchlistButton";
import { PricesInUsd } from "../../../components/money/PricesInUsd";

/**
 * One coin's page (the spec links crypto positions to /crypto/{symbol} but defines no route): its
 * quote, the user's position, buy, sell and watchlist actions, and the price history chart.
 */
export const Route = createFileRoute("/_app/crypto/$symbol")({
  head: ({ params }) => ({
    meta: [{ title: pageTitle(m.crypto_title({ symbol: params.symbol.trim().toUpperCase() })) }],
  }),
  // The coin's quote, name and position load with the page's code (the page shows nothing of the
  // coin before its quote, and a position arriving later would push the chart down), the
  // watchlist alongside; the chart waits for the first paint. A failed read is the page's to show
  // (an unknown coin has its own message), not the route's.
  loader: async ({ context: { queryClient }, params }) => {
    const symbol = params.symbol.trim().toUpperCase();
    void queryClient.prefetchQuery(cryptoWatchlistQuery());
    await Promise.allSettled([
      queryClient.ensureQueryData(coinQuoteQuery(symbol)),
      queryClient.ensureQueryData(coinNamesQuery()),
      queryClient.ensureQueryData(cryptoPositionsQuery({ autoRefresh: true })),
    ]);
  },
  pendingComponent: CoinPending,
  component: CryptoDetailPage,
});

/** The loading layout, named after the coin in the address. */
function CoinPending() {
  const symbol = Route.useParams({ select: (params) => params.symbol.trim().toUpperCase() });
  return <CoinSkeleton symbol={symbol} back={<ReturnToCryptoSearch />} />;
}

function CryptoDetailPage() {
  const symbol = Route.useParams().symbol.trim().toUpperCase();
  const names = useCoinNames();
  const name = names.get(symbol);
  const actions = useAssetActions(cryptoAsset, { autoRefresh: true });
  const watchlist = useCryptoWatchlist();
  const quote = useCryptoQuote(symbol);
  const watched = (watchlist.data ?? []).some((item) => item.symbol === symbol);
  const position = actions.holdings.get(symbol);

  const back = <ReturnToCryptoSearch />;

  if (quote.isPending) return <CoinSkeleton symbol={symbol} back={back} />;
  if (quote.isError && !quote.data) {
    return (
      <div className="mx-auto max-w-xl space-y-4 py-12">
        <h1 className="text-2xl font-bold">{symbol}</h1>
        {isUnknownCoin(quote.error) ? (
          <Alert tone="error">{m.crypto_not_found()}</Alert>
        ) : (
          <QueryRetryPanel
            query={quote}
            message={errorMessage(quote.error, m.crypto_fetch_failed())}
          />
        )}
        {back}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {name ? `${name} (${symbol})` : symbol}
          </h1>
          <CoinSubtitle />
          <PricesInUsd />
        </div>
        <div className="flex flex-wrap gap-2">
          {back}
          <SetAlertButton
            asset={cryptoAsset}
            symbol={symbol}
            price={quote.data?.price ?? null}
            size="sm"
          />
          <WatchlistButton
            symbol={symbol}
            watched={watched}
            actions={actions}
            size="sm"
            addVariant="secondary"
            icons
          />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-1">
          <CryptoQuoteCard
            quote={quote.data}
            name={name}
            watched={watched}
            actions={actions}
            withWatchButton={false}
            withHolding={false}
            heading={m.crypto_market_data()}
          />
          <PositionDetails position={position} price={quote.data.price} />
        </div>
        <div className="lg:col-span-2">
          <PriceHistory symbol={symbol} />
        </div>
      </div>
      {actions.dialogs}
    </div>
  );
}
