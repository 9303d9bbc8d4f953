import {
  assetKinds,
  transactionKinds,
  transactionSortColumns,
  TRANSACTIONS_DEFAULT_PAGE_SIZE,
  TRANSACTIONS_PAGE_SIZES,
} from "@ledgerline/contracts/browser";
import { accountSearch } from "../../../../components/accounts/account-search";
import type { AssetKind, TransactionKind, TransactionSortColumn } from "@ledgerline/contracts";

/** The history's filters, sort and page as they live in the URL, so a view can be shared. */
export interface TransactionSearch {
  startDate?: string;
  endDate?: string;
  symbol?: string;
  type?: AssetKind;
  transactionType?: TransactionKind;
  /** One investment account's transactions (`?account=<id>`, as on the summary). */
  account?: number;
  sortBy?: TransactionSortColumn;
  sortOrder?: "asc" | "desc";
  page?: number;
  pageSize?: number;
}

export type ResolvedSearch = TransactionSearch &
  Required<Pick<TransactionSearch, "sortBy" | "sortOrder" | "page" | "pageSize">>;

const isoOrUndefined = (value: unknown) =>
  typeof value === "string" && !Number.isNaN(Date.parse(value)) ? value : undefined;

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/** Whatever the address says, a valid search (unknown values are dropped, not errors). */
export function validateTransactionSearch(search: Record<string, unknown>): TransactionSearch {
  const page = Number(search.page);
  const symbol = typeof search.symbol === "string" ? search.symbol.trim().toUpperCase() : "";
  return {
    startDate: isoOrUndefined(search.startDate),
    endDate: isoOrUndefined(search.endDate),
    symbol: symbol || undefined,
    type: oneOf(assetKinds, search.type),
    transactionType: oneOf(transactionKinds, search.transactionType),
    account: accountSearch(search.account),
    sortBy: oneOf(transactionSortColumns, search.sortBy),
    sortOrder: oneOf(["asc", "desc"] as const, search.sortOrder),
    page: Number.isInteger(page) && page > 0 ? page : undefined,
    pageSize: (TRANSACTIONS_PAGE_SIZES as readonly number[]).includes(Number(search.pageSize))
      ? Number(search.pageSize)
      : undefined,
  };
}

/** The spec's default order is the transaction date, newest first. */
export function withDefaults(search: TransactionSearch): ResolvedSearch {
  return {
    ...search,
    sortBy: search.sortBy ?? "transactionDate",
    sortOrder: search.sortOrder ?? "desc",
    page: search.page ?? 1,
    pageSize: search.pageSize ?? TRANSACTIONS_DEFAULT_PAGE_SIZE,
  };
}

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
