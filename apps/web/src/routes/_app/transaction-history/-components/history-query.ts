import type { TransactionSortColumn } from "@ledgerline/contracts";
import type { ResolvedSearch, TransactionSearch } from "./history-search";

// Only the history's page reads these; its route's definition (on every page) does not.

/**
 * The spec's sorting: clicking the active column toggles its direction; clicking another column
 * sorts by it ascending.
 */
export function nextSort(
  current: Pick<ResolvedSearch, "sortBy" | "sortOrder">,
  clicked: TransactionSortColumn,
): Pick<ResolvedSearch, "sortBy" | "sortOrder"> {
  if (clicked === current.sortBy) {
    return { sortBy: clicked, sortOrder: current.sortOrder === "asc" ? "desc" : "asc" };
  }
  return { sortBy: clicked, sortOrder: "asc" };
}

export type FilterQuery = Pick<
  ResolvedSearch,
  "startDate" | "endDate" | "symbol" | "type" | "transactionType" | "sortBy" | "sortOrder"
> & { accountId?: number };

/** Only the filters that are set, as the spec sends them, plus the sort order. */
export function filterQuery(search: ResolvedSearch): FilterQuery {
  const query: FilterQuery = { sortBy: search.sortBy, sortOrder: search.sortOrder };
  if (search.startDate) query.startDate = search.startDate;
  if (search.endDate) query.endDate = search.endDate;
  if (search.symbol) query.symbol = search.symbol;
  if (search.type) query.type = search.type;
  if (search.transactionType) query.transactionType = search.transactionType;
  if (search.account) query.accountId = search.account;
  return query;
}

/** The CSV export of exactly what the table shows (all pages). */
export function exportUrl(search: ResolvedSearch): string {
  const query = new URLSearchParams(
    Object.entries(filterQuery(search)).map(([name, value]) => [name, String(value)]),
  );
  query.set("format", "csv");
  return `/api/transaction?${query.toString()}`;
}

export function hasFilters(search: TransactionSearch): boolean {
  return Boolean(
    search.startDate ||
    search.endDate ||
    search.symbol ||
    search.type ||
    search.transactionType ||
    search.account,
  );
}
