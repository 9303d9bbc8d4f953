/**
 * The transaction history's sort columns, page sizes and limits, free of zod so that the web app's
 * history screen can import them without the validation library.
 */
export const transactionSortColumns = [
  "transactionDate",
  "type",
  "symbol",
  "transactionType",
  "quantity",
  "price",
  "transactionTotal",
] as const;
export type TransactionSortColumn = (typeof transactionSortColumns)[number];

export const assetKinds = ["STOCK", "CRYPTO"] as const;
export type AssetKind = (typeof assetKinds)[number];
export const tradeSides = ["BUY", "SELL"] as const;
export type TradeSide = (typeof tradeSides)[number];
/**
 * What the history lists: trades, the splits applied to positions (issue 15), and the two rows
 * of a holding moved between two accounts (issue 31).
 */
export const transactionKinds = ["BUY", "SELL", "SPLIT", "TRANSFER_IN", "TRANSFER_OUT"] as const;
export type TransactionKind = (typeof transactionKinds)[number];

export const TRANSACTIONS_DEFAULT_PAGE_SIZE = 25;
export const TRANSACTIONS_MAX_PAGE_SIZE = 100;
export const TRANSACTIONS_PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * Pages reach the first 10,000 matching rows of a sort order and the count stops there: both stay
 * instant however long a history grows. The rest is one click away (reverse the sort, narrow the
 * filters) and always in the CSV export.
 */
export const TRANSACTIONS_MAX_REACHABLE_ROWS = 10_000;

/**
 * The count of a page reaches ten pages past it (at least 1,000 rows) and no further: a short
 * history gets its exact total, a long one "more than N", and the count's cost stays bounded
 * however long the history is. It grows as the reader pages deeper.
 */
export function transactionCountLimit(offset: number, pageSize: number): number {
  return Math.min(TRANSACTIONS_MAX_REACHABLE_ROWS, Math.max(1_000, offset + pageSize * 10));
}

/** Rows per batch of the cursor-paged read that the full REST list and the CSV export stream. */
export const TRANSACTIONS_BATCH_DEFAULT_SIZE = 500;
export const TRANSACTIONS_BATCH_MAX_SIZE = 1000;
