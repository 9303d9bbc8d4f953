import { m } from "@ledgerline/messages";
import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { PricesInUsd } from "../../components/money/PricesInUsd";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { LiveNote } from "../../components/assets/LiveFigure";
import { WatchlistRead } from "../../components/stocks/WatchlistRead";
import { MarketSummaryCard, useMarketSummary } from "../../components/stocks/MarketSummaryCard";
import {
  isClosedStatus,
  MarketClosedBanner,
  marketStatusText,
} from "../../components/stocks/MarketStatus";
import { StockCardGrid, useHeldNotWatchedStocks } from "../../components/stocks/StockCards";
import { useWatchlistFrame } from "../../components/stocks/stock-queries";
import {
  marketSummaryQuery,
  stockPositionsQuery,
  stockWatchlistQuery,
} from "../../components/stocks/stock-reads";
import { stockAsset } from "../../components/assets/stock";
import { useAssetActions } from "../../components/assets/useAssetActions";
import { buttonClass } from "../../components/ui/Button";
import { titled } from "../../lib/head";
import {
  DashboardHeader,
  StockDashboardLoading,
} from "../../components/loading/StockDashboardLoading";
import { freshness } from "../../components/assets/freshness";

export const Route = createFileRoute("/_app/stock-dashboard")({
  head: titled(m.nav_stock_dashboard()),
  // What the first paint shows, read with the page's code: the watchlist (fresh as the page keeps
  // it), the market summary and the holdings. A failed read is the page's panel to show (the
  // spec's 'Failed to load stock data'), not the route's error; the watchlist, polled by the
  // page, is not retried here either, so that panel is not held back by retries.
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.prefetchQuery(stockWatchlistQuery({ autoRefresh: true })),
      queryClient.prefetchQuery(marketSummaryQuery()),
      queryClient.prefetchQuery(stockPositionsQuery()),
    ]),
  pendingComponent: StockDashboardLoading,
  component: StockDashboardPage,
});

function StockDashboardPage() {
  const actions = useAssetActions(stockAsset);
  // The symbols and status only: a tick redraws the card that moved, not this page.
  const watchlist = useWatchlistFrame();
  const watched = watchlist.data?.watched ?? [];
  const held = useHeldNotWatchedStocks(actions, watchlist.data?.watched);
  const status = watchlist.data?.status;
  const summary = useMarketSummary(STOCK_REFRESH_INTERVAL_MS);

  return (
    <div>
      <DashboardHeader
        badge={<PricesInUsd />}
        note={
          <LiveNote
            polling={freshness.polling.stock}
            idle={watched.length === 0 || isClosedStatus(status ?? "")}
          />
        }
      />
      <MarketClosedBanner className="mb-6" statuses={[status, summary.data?.marketStatus]} />
      <MarketSummaryCard refreshMs={STOCK_REFRESH_INTERVAL_MS} />

      <WatchlistRead query={watchlist}>
        {() =>
          watched.length === 0 && held.length === 0 ? (
            <div className="rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
              <h2 className="text-xl font-semibold">{m.stocks_no_saved()}</h2>
              <p className="mt-2 text-muted">{m.stocks_no_saved_hint()}</p>
              <Link to="/search-area" className={`${buttonClass("primary")} mt-6`}>
                {m.stocks_search_and_add()}
              </Link>
            </div>
          ) : (
            <section aria-labelledby="watchlist-heading">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h2 id="watchlist-heading" className="text-xl font-semibold">
                    {m.stocks_your_watchlist()}
                  </h2>
                  {status && !isClosedStatus(status) && (
                    <p className="text-sm text-muted">{marketStatusText(status)}</p>
                  )}
                </div>
                <Link to="/search-area" className={buttonClass("secondary")}>
                  <Search aria-hidden="true" className="h-4 w-4" />
                  {m.stocks_search()}
                </Link>
              </div>
              <div className="mt-3">
                <StockCardGrid watched={watched} held={held} actions={actions} />
              </div>
            </section>
          )
        }
      </WatchlistRead>
      {actions.dialogs}
    </div>
  );
}
