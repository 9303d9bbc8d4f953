import { m } from "@ledgerline/messages";
import { STOCK_SYMBOL_PATTERN } from "@ledgerline/contracts/browser";
import { useQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { Info } from "lucide-react";
import { lazy, Suspense } from "react";
import { useWatchlist } from "../../../components/stocks/stock-queries";
import {
  companyDetailsQuery,
  stockPositionsQuery,
  stockSnapshotQuery,
  stockWatchlistQuery,
} from "../../../components/stocks/stock-reads";
import { useLiveQuotes } from "../../../components/assets/live-quotes";
import { HoldingFigures } from "../../../components/assets/HoldingFigures";
import { stockAsset } from "../../../components/assets/stock";
import { useAssetActions } from "../../../components/assets/useAssetActions";
import { Skeleton } from "../../../components/RouteStates";
import { Alert } from "../../../components/ui/Alert";
import { firstPaint } from "../../../lib/first-paint";
import { AboutCompany, KeyStatistics } from "./-components/CompanyFacts";
import { NewsPanel } from "./-components/NewsPanel";
import { RelatedCompanies } from "./-components/RelatedCompanies";
import { ResearchActions } from "./-components/ResearchActions";
import { ResearchError, ResearchSkeleton } from "./-components/ResearchStates";
import { ReturnToSearch } from "./-components/ReturnToSearch";
import { SnapshotPanel } from "./-components/SnapshotPanel";
import { pageTitle } from "../../../lib/head";
import { PricesInUsd } from "../../../components/money/PricesInUsd";

// The chart library loads after the page's own content has painted, in a chunk of its own.
const PriceChart = lazy(() => firstPaint.then(() => import("./-components/PriceChart")));

export const Route = createFileRoute("/_app/research/$symbol")({
  head: ({ params }) => ({
    meta: [{ title: pageTitle(m.research_title({ symbol: params.symbol.trim().toUpperCase() })) }],
  }),
  // The company and its snapshot load with the page's code; the watchlist and positions too,
  // without holding the page back.
  loader: async ({ context: { queryClient }, params }) => {
    const symbol = params.symbol.trim().toUpperCase();
    if (!STOCK_SYMBOL_PATTERN.test(symbol)) return;
    void queryClient.prefetchQuery(stockWatchlistQuery());
    void queryClient.prefetchQuery(stockPositionsQuery());
    await Promise.all([
      queryClient.ensureQueryData(companyDetailsQuery(symbol)),
      queryClient.ensureQueryData(stockSnapshotQuery(symbol)),
    ]);
  },
  pendingComponent: ResearchPending,
  errorComponent: ResearchError,
  component: ResearchRoute,
});

/** The loading layout, named after the symbol in the address. */
function ResearchPending() {
  const symbol = Route.useParams({ select: (params) => params.symbol.trim().toUpperCase() });
  return <ResearchSkeleton symbol={symbol} />;
}

function ResearchRoute() {
  const { symbol } = Route.useParams();
  const normalized = symbol.trim().toUpperCase();
  // A new symbol (a related company) starts with fresh page state.
  return <ResearchPage key={normalized} symbol={normalized} />;
}

const panel = "rounded-xl border border-border bg-surface p-5 shadow-sm";

function ResearchPage({ symbol }: { symbol: string }) {
  const valid = STOCK_SYMBOL_PATTERN.test(symbol);
  const details = useQuery({ ...companyDetailsQuery(symbol), enabled: valid });
  const snapshot = useQuery({ ...stockSnapshotQuery(symbol), enabled: valid });
  useLiveQuotes({ stocks: valid ? [symbol] : [] });
  const watchlist = useWatchlist();
  const actions = useAssetActions(stockAsset);

  if (!valid) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{m.research_company_failed()}</Alert>
        <ReturnToSearch />
      </div>
    );
  }
  // A failed refresh keeps the page it refreshes; only a page with nothing to show fails.
  if ((details.isError && !details.data) || (snapshot.isError && !snapshot.data))
    return <ResearchError />;
  // The loader filled both unless the cache has since let them go.
  if (!details.data || !snapshot.data) return <ResearchSkeleton symbol={symbol} />;

  const company = details.data;
  const stock = snapshot.data;
  const position = actions.holdings.get(symbol);
  const watched = (watchlist.data ?? []).some((item) => item.symbol === symbol);
  const target = { symbol, name: company.name, price: stock.price };

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <ReturnToSearch />
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {company.name} <span className="text-muted">({symbol})</span>
            </h1>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <PricesInUsd />
              {company.simulated && (
                <p className="flex items-center gap-1 text-xs text-muted">
                  <Info aria-hidden="true" className="h-3.5 w-3.5" />
                  {m.research_simulated()}
                </p>
              )}
            </div>
          </div>
          <ResearchActions
            target={target}
            actions={actions}
            watched={watched}
            watchlistPending={watchlist.isPending}
          />
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <SnapshotPanel stock={stock} className={panel} />
          <Suspense fallback={<Skeleton className="h-96" />}>
            <PriceChart symbol={symbol} />
          </Suspense>
        </div>
        <div className="space-y-6">
          <section aria-labelledby="position-heading" className={panel}>
            <h2 id="position-heading" className="mb-3 text-lg font-semibold">
              {m.asset_your_position()}
            </h2>
            <HoldingFigures asset={stockAsset} position={position} price={stock.price} />
          </section>
          <RelatedCompanies symbol={stock.symbol} />
          <KeyStatistics details={company} />
        </div>
      </div>
      <AboutCompany details={company} />
      <NewsPanel symbol={symbol} company={company.name} />
      {actions.dialogs}
    </div>
  );
}
