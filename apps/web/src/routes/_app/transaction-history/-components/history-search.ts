import {
  assetKinds,
  transactionKinds,
  transactionSortColumns,
  TRANSACTIONS_DEFAULT_PAGE_SIZE,
  TRANSACTIONS_PAGE_SIZES,
} from "@ledgerline/contracts/browser";
import { accountSearch } from "../../../../components/accounts/account-search";
import type { AssetKind, TransactionKind, TransactionSortColumn } from "@ledgerline/contracts";

// The history's search as the route's definition reads it: every page loads these definitions,
// so what only the history's page needs (sorting, the query, the export) is in history-query.ts.

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
