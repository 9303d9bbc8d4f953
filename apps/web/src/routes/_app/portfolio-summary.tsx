import { DEFAULT_PORTFOLIO_HISTORY_RANGE } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, Link } from "@tanstack/react-router";
import { lazy, memo, Suspense, useMemo, type ComponentType } from "react";
import { AccountFilter } from "../../components/accounts/AccountFilter";
import { accountOnlySearch } from "../../components/accounts/account-search";
import { accountNames, filteredAccount, useAccounts } from "../../components/accounts/accounts";
import { trpc } from "../../lib/trpc";
import {
  holdingNotes,
  holdingsOfAccount,
  type PositionAccount,
} from "./portfolio-summary/-components/account-view";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Alert } from "../../components/ui/Alert";
import { buttonClass } from "../../components/ui/Button";
import { PageHeader } from "../../components/ui/PageHeader";
import { firstPaintTurn } from "../../lib/first-paint";
import { Allocation } from "./portfolio-summary/-components/Allocation";
import {
  cryptoHoldings,
  HoldingsFrame,
  HoldingsSection,
  stockHoldings,
} from "./portfolio-summary/-components/HoldingsSection";
import { AccountBreakdown, accountValues } from "./portfolio-summary/-components/AccountBreakdown";
import { ReturnsPanel } from "./portfolio-summary/-components/ReturnsPanel";
import {
  summaryDescription,
  SummarySubtitle,
} from "./portfolio-summary/-components/SummarySubtitle";
import { ValueCards } from "./portfolio-summary/-components/ValueCards";
import { titled } from "../../lib/head";
import {
  HistoryUpdating,
  HistoryUpdatingWhileLoading,
} from "../../components/portfolio/HistoryUpdating";
import { useLiveSummary } from "../../components/portfolio/live-summary";
import {
  portfolioHistoryQuery,
  portfolioSummaryQuery,
} from "../../components/portfolio/portfolio-reads";
import { marketStatusQuery } from "../../components/stocks/stock-reads";

// The chart library loads with the chart, after the figures have painted. It and each card below
// start loading in a task of their own (firstPaintTurn), in the order they are drawn.
const ValueChart = lazy(() =>
  firstPaintTurn().then(() => import("./portfolio-summary/-components/ValueChart")),
);

/**
 * A card that reads its own figures once the page's have painted, in a chunk of its own. Its only
 * prop is the account shown, so it is memoized: a live price moves the summary (and so this page)
 * every second, which redrew every card below, though none of them shows a price (issue 35: the
 * page's long tasks after its first paint).
 */
const afterFirstPaint = <Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) =>
  lazy(() =>
    firstPaintTurn()
      .then(load)
      .then((module) => ({ default: memo(module.default) })),
  );

// The breakdown asks for its own read once the figures have painted.
const AllocationBreakdown = afterFirstPaint(
  () => import("./portfolio-summary/-components/AllocationBreakdown"),
);

// The risk figures ask for their own read once the figures have painted.
const RiskCard = afterFirstPaint(() => import("./portfolio-summary/-components/RiskCard"));

// So do the target mix and the monthly-returns grid.
const TargetsCard = afterFirstPaint(() => import("./portfolio-summary/-components/TargetsCard"));
const MonthlyReturnsCard = afterFirstPaint(
  () => import("./portfolio-summary/-components/MonthlyReturnsCard"),
);

export const Route = createFileRoute("/_app/portfolio-summary")({
  head: titled(m.summary_page_title()),
  // `?account=<id>`: one investment account's holdings; none for all of them.
  validateSearch: (search) => accountOnlySearch(search.account),
  loader: ({ context: { queryClient } }) => {
    // The chart's first range loads alongside; the page waits only for the figures.
    void queryClient.prefetchQuery(portfolioHistoryQuery(DEFAULT_PORTFOLIO_HISTORY_RANGE));
    // The prices' note says whether the stock market is open; a failed read leaves it unsaid.
    return Promise.all([
      queryClient.ensureQueryData(portfolioSummaryQuery({ autoRefresh: true })),
      queryClient.prefetchQuery(marketStatusQuery()),
    ]);
  },
  pendingComponent: PortfolioSummarySkeleton,
  errorComponent: PortfolioSummaryError,
  component: PortfolioSummaryPage,
});

function TransactionHistoryLink() {
  return (
    <Link to="/transaction-history" className={buttonClass("secondary")}>
      {m.nav_transaction_history()}
    </Link>
  );
}

function PortfolioSummarySkeleton() {
  return (
    <PageSkeleton title={m.summary_page_title()} subtitle={<SummarySubtitle />}>
      {/* The figures may be waiting for the recompute this names. */}
      <HistoryUpdatingWhileLoading />
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
        <Skeleton className="h-36" />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <Skeleton className="h-96 lg:col-span-2" />
        <Skeleton className="h-96" />
      </div>
      <Skeleton className="h-48" />
    </PageSkeleton>
  );
}

/** The first load failed: the spec's message for each table, and Retry. */
function PortfolioSummaryError() {
  return (
    <div className="space-y-8">
      <PageHeader
        title={m.summary_page_title()}
        subtitle={summaryDescription()}
        actions={<TransactionHistoryLink />}
      />
      <HoldingsFrame kind={stockHoldings}>
        <Alert tone="error">{m.summary_failed_stocks()}</Alert>
      </HoldingsFrame>
      <HoldingsFrame kind={cryptoHoldings}>
        <RouteErrorPanel message={m.summary_failed_crypto()} />
      </HoldingsFrame>
    </div>
  );
}

function PortfolioSummaryPage() {
  // Prices refresh every 60 s while this screen is open; the interval ends with the screen.
  const { data } = useSuspenseQuery(portfolioSummaryQuery({ autoRefresh: true }));
  const status = useQuery(marketStatusQuery()).data;
  useLiveSummary(data);
  const { account: chosen } = Route.useSearch();
  const navigate = Route.useNavigate();
  const accounts = useAccounts();
  const several = accounts.length > 1;
  // The position lists tell each holding's account (and its symbol's total) to a user with several.
  const stockRows = useQuery({ ...trpc.portfolio.list.queryOptions(), enabled: several }).data;
  const cryptoRows = useQuery({
    ...trpc.cryptoPortfolio.list.queryOptions(),
    enabled: several,
  }).data;
  const accountOf = useMemo(
    () =>
      new Map<number, PositionAccount>(
        [...(stockRows ?? []), ...(cryptoRows ?? [])].flatMap((row) =>
          row.accountId === undefined
            ? []
            : [[row.id, { accountId: row.accountId, symbolTotal: row.symbolTotal }]],
        ),
      ),
    [stockRows, cryptoRows],
  );
  const accountId = filteredAccount(accounts, chosen);
  const view = accountId === undefined ? data : holdingsOfAccount(data, accountOf, accountId);
  const notes = useMemo(
    () => (several ? holdingNotes(view, accountOf, accountNames(accounts)) : undefined),
    [several, view, accountOf, accounts],
  );
  // All accounts shown: the value of each, beside the whole's.
  const breakdown = useMemo(
    () =>
      several && accountId === undefined && accountOf.size > 0
        ? accountValues(data, accountOf, accounts)
        : undefined,
    [several, accountId, accountOf, data, accounts],
  );
  const stale = [...data.stocks.positions, ...data.crypto.positions].filter(
    (position) => position.priceSource === "last_known",
  );

  return (
    <div className="space-y-8">
      <PageHeader
        title={m.summary_page_title()}
        subtitle={
          <SummarySubtitle
            pricedAt={data.pricedAt}
            market={status && { open: status.isOpen, nextOpenAt: status.nextOpenAt }}
            holdsCrypto={data.crypto.positions.length > 0}
          />
        }
        actions={
          <>
            {/* Only on the loaded page, so the link stays out of the first bundle. */}
            <Link to="/import" className={buttonClass("secondary")}>
              {m.summary_import_csv()}
            </Link>
            <Link to="/income" className={buttonClass("secondary")}>
              {m.summary_dividend_income()}
            </Link>
            <TransactionHistoryLink />
          </>
        }
      />

      <AccountFilter
        accounts={accounts}
        value={accountId}
        onChange={(account) => void navigate({ search: accountOnlySearch(account), replace: true })}
        hint={accountId === undefined ? undefined : m.summary_account_hint()}
      />
      <HistoryUpdating />
      <ValueCards stocks={view.stocks.totals} crypto={view.crypto.totals} total={view.total} />
      {stale.length > 0 && (
        <Alert tone="warning">
          {(stale.length === 1 ? m.summary_stale_one : m.summary_stale_many)({
            symbols: stale.map((position) => position.symbol).join(", "),
          })}
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Suspense fallback={<Skeleton className="h-96" />}>
            <ValueChart key={accountId ?? "all"} accounts={accounts} initialAccount={accountId} />
          </Suspense>
        </div>
        <Allocation summary={view} />
      </div>
      {breakdown && <AccountBreakdown rows={breakdown.rows} total={breakdown.total} />}
      <Suspense fallback={<Skeleton className="h-64" />}>
        <AllocationBreakdown accountId={accountId} />
      </Suspense>
      <Suspense fallback={<Skeleton className="h-40" />}>
        <TargetsCard accountId={accountId} />
      </Suspense>
      <ReturnsPanel accountId={accountId} />
      <Suspense fallback={<Skeleton className="h-48" />}>
        <RiskCard accountId={accountId} />
      </Suspense>
      <Suspense fallback={<Skeleton className="h-32" />}>
        <MonthlyReturnsCard accountId={accountId} />
      </Suspense>

      <HoldingsSection kind={stockHoldings} section={view.stocks} notes={notes} />
      <HoldingsSection kind={cryptoHoldings} section={view.crypto} notes={notes} />
    </div>
  );
}
