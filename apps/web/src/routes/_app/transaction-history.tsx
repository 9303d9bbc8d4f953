import {
  portfolioMessages,
  TRANSACTIONS_MAX_REACHABLE_ROWS,
  TRANSACTIONS_PAGE_SIZES,
} from "@ledgerline/contracts/browser";
import type { TransactionSortColumn, TransactionView } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { Download } from "lucide-react";
import { useMemo, useState } from "react";
import { accountNames, accountsQuery, useAccounts } from "../../components/accounts/accounts";
import { CryptoSymbolLink, StockSymbolLink } from "../../components/assets/SymbolLink";
import { PageSkeleton, RouteErrorPanel, Skeleton } from "../../components/RouteStates";
import { Alert } from "../../components/ui/Alert";
import { Button, buttonClass } from "../../components/ui/Button";
import { DataTable } from "../../components/ui/DataTable";
import { PageHeader } from "../../components/ui/PageHeader";
import { PagedFooter } from "../../components/ui/Pager";
import { Spinner } from "../../components/ui/Spinner";
import { errorMessage } from "../../lib/errors";
import { formatCurrency, formatDateTime, formatNumber, formatQuantity } from "../../lib/format";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import {
  exportUrl,
  filterQuery,
  hasFilters,
  nextSort,
  validateTransactionSearch,
  withDefaults,
} from "./transaction-history/-components/history-search";
import { TransactionCards } from "./transaction-history/-components/TransactionCards";
import { TransactionFilters } from "./transaction-history/-components/TransactionFilters";
import {
  AssetBadge,
  isSplit,
  NoCash,
  SideBadge,
  splitText,
} from "./transaction-history/-components/badges";
import { titled } from "../../lib/head";
import { subtitle, title } from "./transaction-history/-components/page-text";

export const Route = createFileRoute("/_app/transaction-history")({
  head: titled("Transaction History"),
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
    <RouteErrorPanel
      title={title}
      message={errorMessage(error, portfolioMessages.failedToFetchTransactions)}
    />
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

const column = createColumnHelper<TransactionView>();
const columns = [
  column.accessor("transactionDate", {
    header: "Date",
    cell: (info) => (
      <span className="num whitespace-nowrap">{formatDateTime(info.getValue())}</span>
    ),
  }),
  column.accessor("type", {
    header: "Purchase Type",
    cell: (info) => <AssetBadge type={info.getValue()} />,
  }),
  column.accessor("symbol", {
    header: "Symbol",
    cell: (info) => {
      const { symbol, type, notes, transactionType } = info.row.original;
      return (
        <div>
          {type === "STOCK" ? (
            <StockSymbolLink symbol={symbol} />
          ) : (
            <CryptoSymbolLink symbol={symbol} />
          )}
          {/* A split's notes are its description, shown in place of its figures. */}
          {notes && transactionType !== "SPLIT" && (
            <p className="max-w-56 truncate text-xs text-muted">{notes}</p>
          )}
        </div>
      );
    },
  }),
  column.accessor("transactionType", {
    header: "Type",
    cell: (info) => <SideBadge side={info.getValue()} />,
  }),
  column.accessor("quantity", {
    header: "Quantity",
    meta: { numeric: true },
    cell: (info) =>
      isSplit(info.row.original) ? (
        <span className="whitespace-nowrap">{splitText(info.row.original)}</span>
      ) : (
        formatQuantity(info.getValue())
      ),
  }),
  column.accessor("price", {
    header: "Price",
    meta: { numeric: true },
    cell: (info) => (isSplit(info.row.original) ? <NoCash /> : formatCurrency(info.getValue())),
  }),
  column.accessor("transactionTotal", {
    header: "Total",
    meta: { numeric: true },
    cell: (info) => (isSplit(info.row.original) ? <NoCash /> : formatCurrency(info.getValue())),
  }),
  // Quantity x price is the total; a buy cost the fee on top, a sell brought in less by it.
  column.accessor("fee", {
    header: "Fee",
    enableSorting: false,
    meta: { numeric: true },
    cell: (info) => (isSplit(info.row.original) ? <NoCash /> : formatCurrency(info.getValue())),
  }),
];

/** The account of each row, for a user with several accounts (their rows carry `accountId`). */
function accountColumn(names: ReadonlyMap<number, string>) {
  return column.accessor("accountId", {
    header: "Account",
    enableSorting: false,
    cell: (info) => {
      const id = info.getValue();
      return id === undefined ? null : (
        <span className="[overflow-wrap:anywhere]">{names.get(id) ?? ""}</span>
      );
    },
  });
}

function TransactionHistoryPage() {
  const search = withDefaults(Route.useSearch());
  const accounts = useAccounts();
  const names = useMemo(
    () => (accounts.length > 1 ? accountNames(accounts) : undefined),
    [accounts],
  );
  const shownColumns = useMemo(
    () => (names ? [...columns.slice(0, 3), accountColumn(names), ...columns.slice(3)] : columns),
    [names],
  );
  const navigate = useNavigate({ from: Route.fullPath });
  const [exporting, setExporting] = useState(false);
  const query = useQuery({
    ...transactionsQuery(search),
    placeholderData: keepPreviousData,
  });

  const sorting = [{ id: search.sortBy, desc: search.sortOrder === "desc" }];
  const sortBy = (clicked: TransactionSortColumn) =>
    void navigate({
      search: (previous) => ({ ...previous, ...nextSort(search, clicked), page: 1 }),
    });
  const table = useReactTable({
    data: query.data?.transactions ?? [],
    columns: shownColumns,
    manualSorting: true,
    manualPagination: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      sortBy((next[0]?.id ?? search.sortBy) as TransactionSortColumn);
    },
    getCoreRowModel: getCoreRowModel(),
  });

  async function exportCsv() {
    setExporting(true);
    try {
      // Loaded on the click, as the Taxes page's Form 8949 download loads it.
      const { downloadCsv } = await import("../../lib/download-csv");
      const filename = await downloadCsv(exportUrl(search));
      notify.success(`Exported ${filename}`);
    } catch (error) {
      notify.error(errorMessage(error, "Failed to export transactions"));
    } finally {
      setExporting(false);
    }
  }

  const pagination = query.data?.pagination;
  const first =
    pagination && pagination.totalCount > 0
      ? (pagination.currentPage - 1) * pagination.pageSize + 1
      : 0;
  const last = pagination
    ? Math.min(pagination.currentPage * pagination.pageSize, pagination.totalCount)
    : 0;
  const empty = hasFilters(search)
    ? "No transactions match these filters."
    : "No transactions yet. Buy a stock or a cryptocurrency and it appears here.";

  return (
    <div>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <>
            <Link to="/import" className={buttonClass("secondary")}>
              Import CSV
            </Link>
            <Button variant="secondary" onClick={() => void exportCsv()} busy={exporting}>
              {!exporting && <Download aria-hidden="true" className="h-4 w-4" />}
              Export CSV
            </Button>
          </>
        }
      />
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
      {query.isError ? (
        <Alert tone="error">
          {errorMessage(query.error, portfolioMessages.failedToFetchTransactions)}
        </Alert>
      ) : query.isPending ? (
        <div className="flex justify-center py-16 text-primary">
          <Spinner size="lg" label="Loading transactions" />
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
            <DataTable table={table} caption="Your transactions" empty={empty} />
          </div>
          <PagedFooter
            summary={
              pagination && pagination.totalCount > 0
                ? `Showing ${formatNumber(first)}–${formatNumber(last)} of ${pagination.totalCountCapped ? "more than " : ""}${formatNumber(pagination.totalCount)}` +
                  (pagination.totalCountCapped &&
                  pagination.totalCount >= TRANSACTIONS_MAX_REACHABLE_ROWS &&
                  search.page >= pagination.totalPages
                    ? ": narrow the filters or reverse the sort to reach the rest"
                    : "")
                : "No transactions"
            }
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
