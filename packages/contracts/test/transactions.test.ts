import { describe, expect, it } from "vitest";
import {
  portfolioHistoryInput,
  transactionCountLimit,
  transactionMessages,
  transactionPageInput,
  transactionRestQuery,
} from "../src";

describe("transaction history query", () => {
  it("defaults to the transaction date, newest first, 25 a page", () => {
    expect(transactionPageInput.parse({})).toEqual({
      sortBy: "transactionDate",
      sortOrder: "desc",
      page: 1,
      pageSize: 25,
    });
  });

  it("reads a REST query string: empty values are unset, symbols and kinds upper-cased", () => {
    expect(
      transactionRestQuery.parse({
        symbol: " brk.b ",
        type: "crypto",
        transactionType: "",
        startDate: "",
        page: "2",
        pageSize: "10",
      }),
    ).toEqual({
      symbol: "BRK.B",
      type: "CRYPTO",
      sortBy: "transactionDate",
      sortOrder: "desc",
      page: 2,
      pageSize: 10,
      format: "json",
    });
  });

  it("refuses pages beyond the reachable rows with a message that says what to do", () => {
    expect(transactionPageInput.safeParse({ page: 400, pageSize: 25 }).success).toBe(true);
    expect(
      transactionPageInput.safeParse({ page: 401, pageSize: 25 }).error?.issues[0]?.message,
    ).toBe(transactionMessages.pageOutOfReach);
  });

  it("counts ten pages ahead, at least 1,000 rows and at most the reachable 10,000", () => {
    expect(transactionCountLimit(0, 25)).toBe(1_000);
    expect(transactionCountLimit(2_000, 100)).toBe(3_000);
    expect(transactionCountLimit(9_900, 100)).toBe(10_000);
  });
});

describe("portfolio value history input", () => {
  it("reads an unknown range or benchmark as the default rather than failing", () => {
    expect(portfolioHistoryInput.parse({ range: "1M", benchmark: "return" })).toEqual({
      range: "1M",
      benchmark: "return",
    });
    expect(portfolioHistoryInput.parse({ range: "YTD" })).toMatchObject({ range: "YTD" });
    expect(portfolioHistoryInput.parse({ range: "10Y", benchmark: "spy" })).toEqual({
      range: "1Y",
      benchmark: "contributions",
    });
  });
});
