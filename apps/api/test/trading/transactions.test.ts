import {
  transactionMessages,
  transactionSortColumns,
  type TransactionBatch,
  type TransactionPage,
  type TransactionSortColumn,
} from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import { historyApp, historyUser, insertTransactions } from "../support/transactions-support";

let t: TestApp;
let me: Awaited<ReturnType<typeof historyApp>>;
/** The six trades below by letter, oldest first. */
const id: Record<string, number> = {};

beforeAll(async () => {
  me = await historyApp();
  t = me.t;
  const trades = [
    ["a", () => me.buy("STOCK", "AAPL", "10", "150", "2026-01-05T10:00:00Z")],
    ["b", () => me.buy("CRYPTO", "BTC", "0.5", "40000", "2026-01-20T10:00:00Z")],
    ["c", () => me.buy("STOCK", "MSFT", "3", "400.5", "2026-02-03T10:00:00Z", "long term")],
    ["d", () => me.sell("STOCK", "AAPL", "4", "170", "2026-02-10T10:00:00Z")],
    ["e", () => me.buy("CRYPTO", "SHIB", "5000000", "0.00001", "2026-02-20T10:00:00Z")],
    ["f", () => me.sell("CRYPTO", "BTC", "0.1", "45000", "2026-03-01T10:00:00Z")],
  ] as const;
  for (const [letter, trade] of trades) id[letter] = (await trade()).transaction.id;
  // Someone else's history never shows up in ours.
  const other = await historyUser(t);
  await other.buy("STOCK", "AAPL", "1", "100", "2026-01-10T10:00:00Z");
});
afterAll(() => t.close());

const letters = (page: { transactions: { id: number }[] }) =>
  page.transactions.map((row) => Object.keys(id).find((letter) => id[letter] === row.id)).join("");

const list = (input: Record<string, unknown> = {}) =>
  me.query<TransactionPage>("transactions.list", input);

describe("transaction history: sorting", () => {
  const ascending: Record<TransactionSortColumn, string> = {
    transactionDate: "abcdef",
    // CRYPTO before STOCK, each oldest first.
    type: "befacd",
    // By symbol, each symbol's trades oldest first.
    symbol: "adbfce",
    // BUY before SELL.
    transactionType: "abcedf",
    // Decimals compare as numbers: 0.1 < 0.5 < 3 < 4 < 10 < 5000000.
    quantity: "fbcdae",
    price: "eadcbf",
    transactionTotal: "edcafb",
  };
  const descending: Record<TransactionSortColumn, string> = {
    transactionDate: "fedcba",
    type: "dcafeb",
    symbol: "ecfbda",
    transactionType: "fdecba",
    quantity: "eadcbf",
    price: "fbcdae",
    transactionTotal: "bfacde",
  };

  it.each(transactionSortColumns)("sorts by %s in both directions", async (sortBy) => {
    expect(letters((await list({ sortBy, sortOrder: "asc" })).data)).toBe(ascending[sortBy]);
    expect(letters((await list({ sortBy, sortOrder: "desc" })).data)).toBe(descending[sortBy]);
  });

  it("sorts by date, newest first, when no order is given", async () => {
    expect(letters((await list()).data)).toBe("fedcba");
  });

  it("answers each row with the spec's fields and exact decimals", async () => {
    const { data } = await list({ symbol: "SHIB" });
    expect(data.transactions).toEqual([
      {
        id: id.e,
        transactionDate: "2026-02-20T10:00:00.000Z",
        type: "CRYPTO",
        symbol: "SHIB",
        transactionType: "BUY",
        quantity: "5000000",
        price: "0.00001",
        transactionTotal: "50",
        fee: "0",
        notes: null,
      },
    ]);
  });
});

describe("transaction history: filters", () => {
  it.each([
    ["symbol", { symbol: "AAPL" }, "da"],
    ["symbol, trimmed and upper-cased", { symbol: "  btc " }, "fb"],
    ["part of a symbol, in any letter case", { symbol: "sF" }, "c"],
    ["part of several symbols", { symbol: "b" }, "feb"],
    ["a symbol text no symbol contains", { symbol: "NV" }, ""],
    ["purchase type STOCK", { type: "STOCK" }, "dca"],
    ["purchase type CRYPTO", { type: "CRYPTO" }, "feb"],
    ["transaction type BUY", { transactionType: "BUY" }, "ecba"],
    ["transaction type SELL", { transactionType: "SELL" }, "fd"],
    ["start date (inclusive)", { startDate: "2026-02-10T10:00:00Z" }, "fed"],
    ["end date (inclusive)", { endDate: "2026-01-20T10:00:00.000Z" }, "ba"],
    [
      "a date range in another time zone",
      { startDate: "2026-01-20T11:00:00+01:00", endDate: "2026-02-10T05:00:00-05:00" },
      "dcb",
    ],
    [
      "every filter at once",
      {
        symbol: "BTC",
        type: "CRYPTO",
        transactionType: "SELL",
        startDate: "2026-01-01T00:00:00Z",
        endDate: "2026-03-31T00:00:00Z",
      },
      "f",
    ],
    ["filters that match nothing", { symbol: "AAPL", type: "CRYPTO" }, ""],
    ["empty values as not set", { symbol: "", type: "", transactionType: "" }, "fedcba"],
  ])("filters by %s", async (_name, filter, expected) => {
    const { status, data } = await list(filter);
    expect(status).toBe(200);
    expect(letters(data)).toBe(expected);
    expect(data.pagination.totalCount).toBe(expected.length);
  });
});

describe("transaction history: pages", () => {
  it("pages with counts, and an empty page past the end", async () => {
    const first = await list({ pageSize: 4, page: 1 });
    expect(letters(first.data)).toBe("fedc");
    expect(first.data.pagination).toEqual({
      currentPage: 1,
      pageSize: 4,
      totalCount: 6,
      totalPages: 2,
      totalCountCapped: false,
    });
    expect(letters((await list({ pageSize: 4, page: 2 })).data)).toBe("ba");
    const beyond = await list({ pageSize: 4, page: 3 });
    expect(beyond.status).toBe(200);
    expect(beyond.data.transactions).toEqual([]);
    expect(beyond.data.pagination.totalCount).toBe(6);
  });

  it("pages across the two runs of a purchase type sort", async () => {
    const pages = [];
    for (const page of [1, 2, 3]) {
      pages.push(
        letters((await list({ sortBy: "type", sortOrder: "asc", pageSize: 2, page })).data),
      );
    }
    expect(pages).toEqual(["be", "fa", "cd"]);
  });

  it("counts a long history only ten pages ahead, and refuses pages out of reach", async () => {
    const heavy = await historyUser(t);
    const start = Date.parse("2024-01-01T00:00:00Z");
    await insertTransactions(t, heavy.user.id, 10_050, (i) => ({ date: start + i * 60_000 }));
    const first = await heavy.query<TransactionPage>("transactions.list", { pageSize: 100 });
    expect(first.data.pagination).toEqual({
      currentPage: 1,
      pageSize: 100,
      totalCount: 1_000,
      totalPages: 10,
      totalCountCapped: true,
    });
    expect(first.data.transactions[0]?.transactionDate).toBe(
      new Date(start + 10_049 * 60_000).toISOString(),
    );
    // Deeper pages count further, up to the last reachable row.
    const tenth = await heavy.query<TransactionPage>("transactions.list", {
      pageSize: 100,
      page: 10,
    });
    expect(tenth.data.pagination).toMatchObject({ totalCount: 1_900, totalCountCapped: true });
    const last = await heavy.query<TransactionPage>("transactions.list", {
      pageSize: 100,
      page: 100,
    });
    expect(last.data.transactions).toHaveLength(100);
    expect(last.data.pagination).toMatchObject({ totalCount: 10_000, totalPages: 100 });
    const outOfReach = await heavy.query<TransactionPage>("transactions.list", {
      pageSize: 100,
      page: 101,
    });
    expect(outOfReach.status).toBe(400);
    expect(outOfReach.message).toBe(transactionMessages.pageOutOfReach);
    // Reversing the sort reaches the oldest rows.
    const oldest = await heavy.query<TransactionPage>("transactions.list", {
      sortOrder: "asc",
      pageSize: 1,
    });
    expect(oldest.data.transactions[0]?.transactionDate).toBe(new Date(start).toISOString());
  });
});

describe("transaction history: bad input", () => {
  it.each([
    [{ startDate: "yesterday" }, "startDate must be a date or an ISO 8601 date-time"],
    [{ endDate: "2026-13-01T00:00:00Z" }, "endDate must be a date or an ISO 8601 date-time"],
    [
      { startDate: "2026-03-01T00:00:00Z", endDate: "2026-02-01T00:00:00Z" },
      "startDate must not be after endDate",
    ],
    [
      { sortBy: "notes" },
      "sortBy must be one of transactionDate, type, symbol, transactionType, quantity, price, transactionTotal",
    ],
    [{ sortOrder: "up" }, "sortOrder must be asc or desc"],
    [{ type: "BOND" }, "type must be STOCK or CRYPTO"],
    [
      { transactionType: "HOLD" },
      "transactionType must be BUY, SELL, SPLIT, TRANSFER_IN or TRANSFER_OUT",
    ],
    [{ symbol: "AAPL;DROP" }, "symbol may contain only letters, digits, '.' and '-'"],
    [{ symbol: "ABCDEFGHIJK" }, "symbol must be at most 10 characters"],
    [{ pageSize: 101 }, "pageSize must be at most 100"],
    [{ pageSize: 0 }, "pageSize must be at least 1"],
    [{ page: 0 }, "page must be at least 1"],
    [{ page: 1.5 }, "page must be a whole number"],
  ])("answers %j with a 400 that says what is wrong", async (input, message) => {
    const answer = await list(input);
    expect(answer.status).toBe(400);
    expect(answer.message).toBe(message);
  });

  it("refuses anonymous callers", async () => {
    const anonymous = await t.trpc("query", "transactions.list", {});
    expect(anonymous.status).toBe(401);
  });
});

describe("transaction history: batches", () => {
  /** Each batch of a read as letters, following the cursors to the end. */
  async function batches(input: Record<string, unknown>) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 10; i++) {
      const batch = await me.ok<TransactionBatch>("transactions.batch", { ...input, cursor });
      seen.push(letters(batch));
      if (!batch.nextCursor) break;
      cursor = batch.nextCursor;
    }
    return seen;
  }

  it("reads the whole history batch after batch with cursors", async () => {
    expect(await batches({ sortBy: "price", sortOrder: "desc", limit: 2 })).toEqual([
      "fb",
      "cd",
      "ae",
    ]);
  });

  it("reads the symbols containing a text batch after batch, in the sort order", async () => {
    // BTC's trades oldest first, then MSFT's.
    expect(await batches({ symbol: "t", sortBy: "symbol", sortOrder: "asc", limit: 2 })).toEqual([
      "bf",
      "c",
    ]);
  });

  it("refuses a cursor from another sort order", async () => {
    const batch = await me.ok<TransactionBatch>("transactions.batch", { limit: 1 });
    const answer = await me.query("transactions.batch", {
      sortBy: "symbol",
      cursor: batch.nextCursor,
    });
    expect(answer.status).toBe(400);
    expect(answer.message).toBe(transactionMessages.invalidCursor);
  });
});
