import { portfolioMessages, STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { LiveNote } from "../../components/assets/LiveFigure";
import { LoadingPanel } from "../../components/LoadingPanel";
import { RetryPanel } from "../../components/RouteStates";
import { MarketSummaryCard, useMarketSummary } from "../../components/stocks/MarketSummaryCard";
import { isClosedStatus, MarketClosedBanner } from "../../components/stocks/MarketStatus";
import { StockCardGrid, useHeldNotWatchedStocks } from "../../components/stocks/StockCards";
import { useWatchlistFrame } from "../../components/stocks/stock-queries";
import { stockAsset } from "../../components/assets/stock";
import { useAssetActions } from "../../components/assets/useAssetActions";
import { buttonClass } from "../../components/ui/Button";
import { CollapsibleIntro } from "../../components/ui/CollapsibleIntro";
import { PageHeader } from "../../components/ui/PageHeader";
import { titled } from "../../lib/head";

export const Route = createFileRoute("/_app/stock-dashboard")({
  head: titled("Stock Dashboard"),
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
      <PageHeader
        title="Stock Dashboard"
        subtitle={
          <>
            Your watched stocks.{" "}
            <LiveNote
              polling="Refreshed every minute."
              idle={watched.length === 0 || isClosedStatus(status ?? "")}
            />
          </>
        }
      />
      <CollapsibleIntro storageKey="dashboard_intro" title="Stock Dashboard Overview">
        <p>
          Every stock on your watchlist with today&apos;s price, change, volume and trading range,
          and how many shares you hold. Prices refresh every minute while this page is open. Buy or
          sell from a card, or open Research Stock for charts, company details and news.
        </p>
      </CollapsibleIntro>
      <MarketClosedBanner className="mb-6" statuses={[status, summary.data?.marketStatus]} />
      <MarketSummaryCard refreshMs={STOCK_REFRESH_INTERVAL_MS} />

      {watchlist.isPending ? (
        <LoadingPanel label="Loading Stocks" shape="cards" />
      ) : !watchlist.data ? (
        <RetryPanel
          message={portfolioMessages.failedToLoadStockData}
          onRetry={() => void watchlist.refetch()}
          retrying={watchlist.isFetching}
        />
      ) : watched.length === 0 && held.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border bg-surface px-6 py-12 text-center">
          <h2 className="text-xl font-semibold">No Saved Stocks Yet</h2>
          <p className="mt-2 text-muted">
            Find stocks by symbol or company name and add them to your watchlist.
          </p>
          <Link to="/search-area" className={`${buttonClass("primary")} mt-6`}>
            Search and Add Stocks
          </Link>
        </div>
      ) : (
        <section aria-labelledby="watchlist-heading">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="watchlist-heading" className="text-xl font-semibold">
                Your Stock Watchlist
              </h2>
              {status && !isClosedStatus(status) && <p className="text-sm text-muted">{status}</p>}
            </div>
            <Link to="/search-area" className={buttonClass("secondary")}>
              <Search aria-hidden="true" className="h-4 w-4" />
              Search Stocks
            </Link>
          </div>
          <div className="mt-3">
            <StockCardGrid watched={watched} held={held} actions={actions} />
          </div>
        </section>
      )}
      {actions.dialogs}
    </div>
  );
}
