import { transactionSortColumns, type TransactionSortColumn } from "@ledgerline/contracts";
import { compare, multiply, toStored } from "@ledgerline/money";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRepositories,
  decodeTransactionCursor,
  encodeTransactionCursor,
  type Repositories,
  type Transaction,
  type TransactionFilter,
} from "../src";
import { testDialects } from "../src/testing";

const symbols = ["AAPL", "BTC", "MSFT", "ETH", "SHIB"];
const amounts = ["0.00000001", "0.5", "2", "10", "10.25", "187.3", "999.99999999", "1234567.5"];
const day = Date.parse("2026-01-05T15:00:00Z");

/** A small deterministic generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 48271) % 2147483647;
    return state % n;
  };
}

describe.each(await testDialects("the transaction history tests"))("on $name", (dialect) => {
  let handle: Awaited<ReturnType<typeof dialect.open>>;
  let repos: Repositories;
  let userId: number;
  let otherUserId: number;
  const all: Transaction[] = [];

  beforeAll(async () => {
    handle = await dialect.open();
    repos = createRepositories(handle);
    const now = new Date(day);
    userId = (await repos.users.create(
      { email: "a@example.com", name: "A", passwordHash: "h" },
      now,
    ))!.id;
    otherUserId = (await repos.users.create(
      { email: "b@example.com", name: "B", passwordHash: "h" },
      now,
    ))!.id;
    const { transactions } = handle.tables;
    const accountOf = new Map<number, number>();
    for (const owner of [userId, otherUserId]) {
      accountOf.set(owner, (await repos.investmentAccounts.findDefault(owner))!.id);
    }
    const pick = generator(7);
    for (let i = 0; i < 240; i++) {
      const owner = i % 6 === 5 ? otherUserId : userId;
      const symbol = symbols[pick(symbols.length)]!;
      const type = symbol === "AAPL" || symbol === "MSFT" ? "STOCK" : "CRYPTO";
      const side = pick(3) === 0 ? "SELL" : "BUY";
      const quantity = amounts[pick(amounts.length)]!;
      const price = amounts[pick(amounts.length)]!;
      // Few distinct dates, so that ties on the sort column are common and the tie-breaks matter.
      const date = day + pick(12) * 86_400_000;
      const inserted = await handle.first(
        handle.db
          .insert(transactions)
          .values({
            userId: owner,
            accountId: accountOf.get(owner)!,
            transactionDate: new Date(date),
            type,
            symbol,
            transactionType: side,
            quantity: toStored(quantity),
            price: toStored(price),
            total: toStored(multiply(quantity, price)),
            notes: null,
            createdAt: new Date(date),
          })
          .returning({ id: transactions.id }),
      );
      if (owner === userId) {
        all.push({
          id: inserted.id,
          accountId: accountOf.get(owner)!,
          transactionDate: new Date(date),
          type,
          symbol,
          transactionType: side,
          quantity,
          price,
          total: multiply(quantity, price),
          fee: "0",
          notes: null,
        });
      }
    }
  });
  afterAll(() => handle.close());

  /** The documented order of each sort column (ties broken by date, then type, side, symbol, id). */
  function reference(filter: TransactionFilter, sortBy: TransactionSortColumn, asc: boolean) {
    const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const byDate = (a: Transaction, b: Transaction) =>
      a.transactionDate.getTime() - b.transactionDate.getTime() ||
      text(a.type, b.type) ||
      text(a.transactionType, b.transactionType);
    const amount = (key: "quantity" | "price" | "total") => (a: Transaction, b: Transaction) =>
      compare(a[key], b[key]) || byDate(a, b) || text(a.symbol, b.symbol);
    const orders: Record<TransactionSortColumn, (a: Transaction, b: Transaction) => number> = {
      transactionDate: byDate,
      type: (a, b) => text(a.type, b.type) || byDate(a, b),
      transactionType: (a, b) => text(a.transactionType, b.transactionType) || byDate(a, b),
      symbol: (a, b) => text(a.symbol, b.symbol) || byDate(a, b),
      quantity: amount("quantity"),
      price: amount("price"),
      transactionTotal: amount("total"),
    };
    const order = orders[sortBy];
    return all
      .filter(
        (t) =>
          (!filter.symbols || filter.symbols.includes(t.symbol)) &&
          (!filter.type || t.type === filter.type) &&
          (!filter.transactionType || t.transactionType === filter.transactionType) &&
          (!filter.startDate || t.transactionDate >= filter.startDate) &&
          (!filter.endDate || t.transactionDate <= filter.endDate),
      )
      .sort((a, b) => (asc ? 1 : -1) * (order(a, b) || a.id - b.id))
      .map((t) => t.id);
  }

  const filters: [string, TransactionFilter][] = [
    ["no filter", {}],
    ["symbol", { symbols: ["BTC"] }],
    // Merged: one arm per symbol, each in the index of the sort column's symbol twin.
    ["several symbols", { symbols: ["AAPL", "ETH", "SHIB"] }],
    ["several symbols and a side", { symbols: ["BTC", "MSFT"], transactionType: "SELL" }],
    // More than one statement can merge: a filter on the unfiltered order instead.
    [
      "very many symbols",
      {
        symbols: ["AAPL", "ETH", ...Array.from({ length: 70 }, (_, i) => `Z${100 + i}`)],
      },
    ],
    ["asset type", { type: "STOCK" }],
    ["side", { transactionType: "SELL" }],
    [
      "date range",
      { startDate: new Date(day + 3 * 86_400_000), endDate: new Date(day + 8 * 86_400_000) },
    ],
    ["start date only", { startDate: new Date(day + 10 * 86_400_000) }],
    [
      "every filter",
      {
        symbols: ["AAPL"],
        type: "STOCK",
        transactionType: "BUY",
        startDate: new Date(day + 2 * 86_400_000),
        endDate: new Date(day + 11 * 86_400_000),
      },
    ],
    ["type and side", { type: "CRYPTO", transactionType: "BUY" }],
    ["nothing matches", { symbols: ["AAPL"], type: "CRYPTO" }],
    ["no symbol matches", { symbols: [] }],
  ];

  describe("the transaction history query", () => {
    const cases = filters.flatMap(([name, filter]) =>
      transactionSortColumns.flatMap((sortBy) =>
        (["asc", "desc"] as const).map((sortOrder) => [name, sortBy, sortOrder, filter] as const),
      ),
    );

    it.each(cases)(
      "pages %s sorted by %s %s exactly like the reference order",
      async (_name, sortBy, sortOrder, filter) => {
        const expected = reference(filter, sortBy, sortOrder === "asc");
        for (const [offset, limit] of [
          [0, 7],
          [7, 7],
          [5, 1000],
          [expected.length - 1, 3],
          [expected.length, 5],
          [expected.length + 40, 5],
        ] as const) {
          const page = await repos.transactions.page({
            ...filter,
            userId,
            sortBy,
            sortOrder,
            offset: Math.max(0, offset),
            limit,
            countUpTo: 10_000,
          });
          expect(page.rows.map((t) => t.id)).toEqual(
            expected.slice(Math.max(0, offset), Math.max(0, offset) + limit),
          );
          expect(page.totalCount).toBe(expected.length);
          expect(page.totalCountCapped).toBe(false);
        }
      },
    );

    it.each(cases)(
      "reads %s sorted by %s %s batch after batch with cursors, in the same order",
      async (_name, sortBy, sortOrder, filter) => {
        const expected = reference(filter, sortBy, sortOrder === "asc");
        const seen: number[] = [];
        let cursor = undefined as ReturnType<typeof decodeTransactionCursor>;
        for (let batches = 0; batches < 100; batches++) {
          const batch = await repos.transactions.batch({
            ...filter,
            userId,
            sortBy,
            sortOrder,
            after: cursor,
            limit: 9,
          });
          seen.push(...batch.rows.map((t) => t.id));
          if (!batch.nextCursor) break;
          expect(batch.rows).toHaveLength(9);
          // Cursors survive their trip through text.
          cursor = decodeTransactionCursor(encodeTransactionCursor(batch.nextCursor), {
            ...filter,
            sortBy,
            sortOrder,
          });
          expect(cursor).toEqual(batch.nextCursor);
        }
        expect(seen).toEqual(expected);
      },
    );

    it("returns exact decimals and never another user's rows", async () => {
      const page = await repos.transactions.page({
        userId: otherUserId,
        sortBy: "transactionDate",
        sortOrder: "desc",
        offset: 0,
        limit: 100,
        countUpTo: 10_000,
      });
      expect(page.rows.length).toBe(page.totalCount);
      expect(page.rows.every((t) => !all.some((mine) => mine.id === t.id))).toBe(true);
      const tiny = await repos.transactions.page({
        userId,
        sortBy: "quantity",
        sortOrder: "asc",
        offset: 0,
        limit: 1,
        countUpTo: 10_000,
      });
      expect(tiny.rows[0]?.quantity).toBe("0.00000001");
    });

    it("stops counting at the cap and says so", async () => {
      const page = await repos.transactions.page({
        userId,
        sortBy: "transactionDate",
        sortOrder: "desc",
        offset: 0,
        limit: 5,
        countUpTo: 20,
      });
      expect(page).toMatchObject({ totalCount: 20, totalCountCapped: true });
      expect(page.rows).toHaveLength(5);
    });

    it("finds the user's symbols containing a text, ignoring case, in the database's order", async () => {
      const mine = [...new Set(all.map((t) => t.symbol))].sort();
      expect(await repos.transactions.symbolsContaining(userId, "s")).toEqual(
        mine.filter((symbol) => symbol.includes("S")),
      );
      expect(await repos.transactions.symbolsContaining(userId, "T")).toEqual([
        "BTC",
        "ETH",
        "MSFT",
      ]);
      expect(await repos.transactions.symbolsContaining(userId, "AAPL")).toEqual(["AAPL"]);
      expect(await repos.transactions.symbolsContaining(userId, "%")).toEqual([]);
      expect(await repos.transactions.symbolsContaining(userId, "Q")).toEqual([]);
      const none = (await repos.users.create(
        { email: "c@example.com", name: "C", passwordHash: "h" },
        new Date(day),
      ))!.id;
      expect(await repos.transactions.symbolsContaining(none, "A")).toEqual([]);
    });

    it("refuses a cursor among several symbols whose symbol the filter no longer matches", () => {
      const order = { sortBy: "price", sortOrder: "asc" } as const;
      const cursor = encodeTransactionCursor({
        ...order,
        run: 0,
        key: ["5", 1, "STOCK", "BUY", "AAPL", 3],
      });
      expect(
        decodeTransactionCursor(cursor, { ...order, symbols: ["AAPL", "MSFT"] }),
      ).toBeDefined();
      expect(
        decodeTransactionCursor(cursor, { ...order, symbols: ["BTC", "MSFT"] }),
      ).toBeUndefined();
    });

    it("refuses cursors made for another sort order or tampered with", () => {
      const cursor = encodeTransactionCursor({
        sortBy: "price",
        sortOrder: "asc",
        run: 0,
        key: ["x", 1, "STOCK", "BUY", "AAPL", 3],
      });
      expect(decodeTransactionCursor(cursor, { sortBy: "price", sortOrder: "asc" })).toBeDefined();
      expect(
        decodeTransactionCursor(cursor, { sortBy: "price", sortOrder: "desc" }),
      ).toBeUndefined();
      expect(
        decodeTransactionCursor(cursor, { sortBy: "quantity", sortOrder: "asc" }),
      ).toBeUndefined();
      expect(decodeTransactionCursor("not-a-cursor", { sortBy: "price", sortOrder: "asc" })).toBe(
        undefined,
      );
      const wrongShape = encodeTransactionCursor({
        sortBy: "type",
        sortOrder: "asc",
        run: 5,
        key: [1],
      });
      expect(decodeTransactionCursor(wrongShape, { sortBy: "type", sortOrder: "asc" })).toBe(
        undefined,
      );
    });
  });
});
