import { transactionSortColumns } from "@ledgerline/contracts";
import type { TransactionFilter } from "../src";

/**
 * Every subset of the screen's filters: symbol, asset type, side, start date and end date; the
 * symbol text matches one symbol here (in `mergedCases` several).
 */
export const filterCombinations: TransactionFilter[] = Array.from({ length: 32 }, (_, bits) => ({
  ...(bits & 1 ? { symbols: ["AAPL"] } : {}),
  ...(bits & 2 ? { type: "STOCK" as const } : {}),
  ...(bits & 4 ? { transactionType: "SELL" as const } : {}),
  ...(bits & 8 ? { startDate: new Date("2026-01-01T00:00:00Z") } : {}),
  ...(bits & 16 ? { endDate: new Date("2026-02-01T00:00:00Z") } : {}),
}));

const withOrders = (filters: TransactionFilter[]) =>
  filters.flatMap((filter) =>
    transactionSortColumns.flatMap((sortBy) =>
      (["asc", "desc"] as const).map((sortOrder) => ({ filter, sortBy, sortOrder })),
    ),
  );

export const cases = withOrders(filterCombinations);

/** The same with a symbol text that several symbols contain: their ranges merged. */
export const mergedCases = withOrders(
  filterCombinations
    .filter((filter) => filter.symbols)
    .map((filter) => ({ ...filter, symbols: ["AAPL", "MSFT", "NVDA"] })),
);
