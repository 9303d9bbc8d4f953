import { m } from "@ledgerline/messages";
import { TRANSACTIONS_PAGE_SIZES } from "@ledgerline/contracts/browser";
import type { TransactionSortColumn, TransactionView } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { accountNames, accountsQuery, useAccounts } from "../../components/accounts/accounts";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Alert } from "../../components/ui/Alert";
import { buttonClass } from "../../components/ui/Button";
import { DataTable } from "../../components/ui/DataTable";
import { PageHeader } from "../../components/ui/PageHeader";
import { PagedFooter } from "../../components/ui/Pager";
import { Spinner } from "../../components/ui/Spinner";
import { errorMessage } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import {
  validateTransactionSearch,
  withDefaults,
} from "./transaction-history/-components/history-search";
import {
  exportUrl,
  filterQuery,
  hasFilters,
  nextSort,
} from "./transaction-history/-components/history-query";
import { TransactionCards } from "./transaction-history/-components/TransactionCards";
import { TransactionFilters } from "./transaction-history/-components/TransactionFilters";
import { ExportCsvButton } from "./transaction-history/-components/ExportCsvButton";
import { pageSummary } from "./transaction-history/-components/page-summary";
import { shownColumns } from "./transaction-history/-components/transaction-columns";
import { titled } from "../../lib/head";
import { subtitle, title } from "./transaction-history/-components/page-text";

export const Route = createFileRoute("/_app/transaction-history")({
  head: titled(m.nav_transaction_history()),
  validateSearch: validateTransactionSearch,
  loaderDeps: ({ search }) => withDefaults(search),
  // The first visit waits for its page of rows; a new filter, sort or page keeps the rows on
  // screen while the next ones load (the component's query holds the previous data).
  loader: async ({ context: { queryClient }, deps, cause }) => {
    // The Account filter and column show once the accounts are known; the rows do not wait.
    void queryClient.prefetchQuery(accountsQuery());
    const loading = queryClient.ensureQueryData(transactionsQuery(deps));
    if (cause !== "stay") await loading;
  },
  pendingComponent: () => (
    <PageSkeleton title={title} subtitle={subtitle}>
      <Skeleton className="h-44 sm:h-28" />
      <Skeleton className="h-96" />
    </PageSkeleton>
  ),
  errorComponent: ({ error }) => (
    <RouteErrorPanel title={title} message={errorMessage(error, m.history_fetch_failed())} />
  ),
  component: TransactionHistoryPage,
});

/** The page of transactions a search shows, read by the route's loader and by the page. */
function transactionsQuery(search: ReturnType<typeof withDefaults>) {
  return trpc.transactions.list.queryOptions({
    ...filterQuery(search),
    page: search.page,
    pageSize: search.pageSize,
  });
}

/** The rows as a table (from a small tablet on), sorted by the server as the URL says. */
function useTransactionTable(
  rows: TransactionView[],
  names: ReadonlyMap<number, string> | undefined,
  search: ReturnType<typeof withDefaults>,
  sortBy: (clicked: TransactionSortColumn) => void,
) {
  const columns = useMemo(() => shownColumns(names), [names]);
  const sorting = [{ id: search.sortBy, desc: search.sortOrder === "desc" }];
  return useReactTable({
    data: rows,
    columns,
    manualSorting: true,
    manualPagination: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      sortBy((next[0]?.id ?? search.sortBy) as TransactionSortColumn);
    },
    getCoreRowModel: getCoreRowModel(),
  });
}

/** The filters, keyed by what they show so a new URL or account list starts them afresh. */
function HistoryFilters({
  search,
  accounts,
}: {
  search: ReturnType<typeof withDefaults>;
  accounts: ReturnType<typeof useAccounts>;
}) {
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <TransactionFilters
      key={JSON.stringify([
        search.startDate,
        search.endDate,
        search.symbol,
        search.type,
        search.transactionType,
        search.account,
        accounts.length,
      ])}
      search={search}
      accounts={accounts}
      onApply={(filters) =>
        void navigate({ search: (previous) => ({ ...previous, ...filters, page: 1 }) })
      }
      onClear={() =>
        void navigate({
          search: (previous) => ({
            sortBy: previous.sortBy,
            sortOrder: previous.sortOrder,
            pageSize: previous.pageSize,
          }),
        })
      }
    />
  );
}

function TransactionHistoryPage() {
  const search = withDefaults(Route.useSearch());
  const accounts = useAccounts();
  const names = useMemo(
    () => (accounts.length > 1 ? accountNames(accounts) : undefined),
    [accounts],
  );
  const navigate = useNavigate({ from: Route.fullPath });
  const query = useQuery({
    ...transactionsQuery(search),
    placeholderData: keepPreviousData,
  });
  const sortBy = (clicked: TransactionSortColumn) =>
    void navigate({
      search: (previous) => ({ ...previous, ...nextSort(search, clicked), page: 1 }),
    });
  const table = useTransactionTable(query.data?.transactions ?? [], names, search, sortBy);
  const pagination = query.data?.pagination;
  const empty = hasFilters(search) ? m.history_no_match() : m.history_none_yet();

  return (
    <div>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Link to="/import" className={buttonClass("secondary")}>
              {m.history_import_csv()}
            </Link>
            <ExportCsvButton url={exportUrl(search)} />
          </>
        }
      />
      <HistoryFilters search={search} accounts={accounts} />
      {query.isError ? (
        <Alert tone="error">{errorMessage(query.error, m.history_fetch_failed())}</Alert>
      ) : query.isPending ? (
        <div className="flex justify-center py-16 text-primary">
          <Spinner size="lg" label={m.history_loading()} />
        </div>
      ) : (
        <>
          <TransactionCards
            rows={query.data.transactions}
            empty={empty}
            sortBy={search.sortBy}
            sortOrder={search.sortOrder}
            onSort={sortBy}
            accountNames={names}
          />
          <div className="hidden sm:block">
            <DataTable table={table} caption={m.history_caption()} empty={empty} />
          </div>
          <PagedFooter
            summary={pageSummary(pagination, search.page)}
            fetching={query.isFetching}
            pageSize={search.pageSize}
            pageSizes={TRANSACTIONS_PAGE_SIZES}
            page={search.page}
            totalPages={pagination?.totalPages ?? 0}
            onChange={(next) => void navigate({ search: (previous) => ({ ...previous, ...next }) })}
          />
        </>
      )}
    </div>
  );
}
