import { describe, expect, it } from "vitest";
import {
  exportUrl,
  filterQuery,
  hasFilters,
  nextSort,
} from "../src/routes/_app/transaction-history/-components/history-query";
import {
  validateTransactionSearch,
  withDefaults,
} from "../src/routes/_app/transaction-history/-components/history-search";

describe("transaction history sorting", () => {
  it("defaults to the transaction date, newest first", () => {
    expect(withDefaults({})).toMatchObject({
      sortBy: "transactionDate",
      sortOrder: "desc",
      page: 1,
      pageSize: 25,
    });
  });

  it("toggles the direction of the active column", () => {
    expect(nextSort({ sortBy: "transactionDate", sortOrder: "desc" }, "transactionDate")).toEqual({
      sortBy: "transactionDate",
      sortOrder: "asc",
    });
    expect(nextSort({ sortBy: "price", sortOrder: "asc" }, "price")).toEqual({
      sortBy: "price",
      sortOrder: "desc",
    });
  });

  it("sorts another column ascending", () => {
    expect(nextSort({ sortBy: "transactionDate", sortOrder: "desc" }, "symbol")).toEqual({
      sortBy: "symbol",
      sortOrder: "asc",
    });
  });
});

describe("transaction history URL", () => {
  it("keeps valid filters, sort and page and drops anything else", () => {
    expect(
      validateTransactionSearch({
        startDate: "2026-03-01T00:00:00.000Z",
        endDate: "not a date",
        symbol: " aapl ",
        type: "STOCK",
        transactionType: "HOLD",
        sortBy: "price",
        sortOrder: "sideways",
        page: "3",
        pageSize: "33",
      }),
    ).toEqual({
      startDate: "2026-03-01T00:00:00.000Z",
      endDate: undefined,
      symbol: "AAPL",
      type: "STOCK",
      transactionType: undefined,
      sortBy: "price",
      sortOrder: undefined,
      page: 3,
      pageSize: undefined,
    });
  });

  it("sends only the filters that are set, with the sort order", () => {
    const search = withDefaults({ symbol: "BTC", type: "CRYPTO", page: 2 });
    expect(filterQuery(search)).toEqual({
      symbol: "BTC",
      type: "CRYPTO",
      sortBy: "transactionDate",
      sortOrder: "desc",
    });
    expect(hasFilters(search)).toBe(true);
    expect(hasFilters(withDefaults({ page: 4 }))).toBe(false);
  });

  it("exports exactly the filtered, sorted list as CSV, all pages", () => {
    const url = exportUrl(
      withDefaults({
        startDate: "2026-03-01T00:00:00.000Z",
        transactionType: "SELL",
        sortBy: "symbol",
        sortOrder: "asc",
        page: 5,
      }),
    );
    const [path, query] = url.split("?");
    expect(path).toBe("/api/transaction");
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      startDate: "2026-03-01T00:00:00.000Z",
      transactionType: "SELL",
      sortBy: "symbol",
      sortOrder: "asc",
      format: "csv",
    });
  });
});
