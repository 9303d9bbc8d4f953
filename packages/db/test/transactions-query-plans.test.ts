import type { transactionSortColumns } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cases, mergedCases } from "./transaction-plan-cases";
import { explainTransactionQueries, type TransactionFilter } from "../src";
import { openTestDatabase } from "../src/testing";

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe("query plans of the transaction history", () => {
  it("covers all 448 filter, sort column and direction combinations", () => {
    expect(cases).toHaveLength(32 * 7 * 2);
    expect(mergedCases).toHaveLength(16 * 7 * 2);
  });

  it("reads every combination as an index range: no table scan, no sort, rows by primary key", () => {
    const problems: string[] = [];
    for (const { filter, sortBy, sortOrder } of [...cases, ...mergedCases]) {
      for (const { kind, sql, plan } of explainTransactionQueries(handle, {
        ...filter,
        userId: 1,
        sortBy,
        sortOrder,
      })) {
        if (kind === "symbols") continue;
        const onTransactions = plan.filter((line) => /\btransactions\b/.test(line));
        // Several symbols: one range per symbol, merged in order (a keyset may leave some out).
        const merged = (filter.symbols?.length ?? 0) > 1 && (kind === "page" || kind === "keyset");
        const expected =
          kind === "rows"
            ? /^SEARCH transactions USING INTEGER PRIMARY KEY \(rowid=\?\)$/
            : kind === "keyset"
              ? // The cursor is part of the range SQLite seeks to, not a filter on the rows before it.
                /^SEARCH transactions USING COVERING INDEX transactions_user_\w+_idx \(user_id=\?.* AND \([a-z_,]+\)[<>]\([?,]+\)\)$/
              : /^SEARCH transactions USING COVERING INDEX transactions_user_\w+_idx \(user_id=\?/;
        const ranged =
          /^SEARCH transactions USING COVERING INDEX transactions_user_\w+_idx \(user_id=\?/;
        // A merged keyset reads the symbols after the cursor's from their first rows.
        const seeks = merged
          ? onTransactions.filter((line) => expected.test(line))
          : onTransactions;
        const bad =
          (merged
            ? onTransactions.length < 2 ||
              !plan.includes("MERGE (UNION ALL)") ||
              !onTransactions.every((line) => ranged.test(line))
            : onTransactions.length !== 1) ||
          plan.some((line) => /TEMP B-TREE/.test(line)) ||
          seeks.length === 0 ||
          !expected.test(seeks[0]!);
        if (bad) {
          problems.push(
            `${kind} ${JSON.stringify({ filter, sortBy, sortOrder })}\n  ${sql}\n  ${plan.join(" | ")}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("finds the symbols a text matches by one seek per distinct symbol, never a scan", () => {
    for (const filter of [{ symbols: ["AAPL"] }, { symbols: ["AAPL", "MSFT"] }]) {
      const [lookup] = explainTransactionQueries(handle, {
        ...filter,
        userId: 1,
        sortBy: "transactionDate",
        sortOrder: "desc",
      });
      expect(lookup?.kind).toBe("symbols");
      const onTransactions = lookup!.plan.filter((line) => /\btransactions\b/.test(line));
      expect(onTransactions).toEqual([
        "SEARCH transactions USING COVERING INDEX transactions_user_symbol_date_idx (user_id=?)",
        "SEARCH transactions USING COVERING INDEX transactions_user_symbol_date_idx (user_id=? AND symbol>?)",
      ]);
    }
  });

  it("merges one seek per symbol when several match, in the sort column's symbol twin", () => {
    const pageOf = (sortBy: (typeof transactionSortColumns)[number]) =>
      explainTransactionQueries(handle, {
        symbols: ["AAPL", "MSFT", "NVDA"],
        userId: 1,
        sortBy,
        sortOrder: "desc",
      }).find((query) => query.kind === "page")!.plan;
    expect(pageOf("transactionDate")).toEqual(
      expect.arrayContaining([
        "MERGE (UNION ALL)",
        "SEARCH transactions USING COVERING INDEX transactions_user_symbol_date_idx (user_id=? AND symbol=?)",
      ]),
    );
    expect(
      pageOf("price").filter((line) => line.includes("transactions_user_symbol_price_idx")),
    ).toHaveLength(3);
  });

  it("orders through the index of the sort column, and its symbol twin when a symbol is given", () => {
    const indexOf = (sortBy: (typeof transactionSortColumns)[number], filter: TransactionFilter) =>
      explainTransactionQueries(handle, { ...filter, userId: 1, sortBy, sortOrder: "desc" }).find(
        (query) => query.kind === "page",
      )!.plan[0];
    expect(indexOf("transactionDate", {})).toContain("transactions_user_date_idx");
    expect(indexOf("transactionDate", { symbols: ["AAPL"] })).toContain(
      "transactions_user_symbol_date_idx (user_id=? AND symbol=?)",
    );
    expect(indexOf("transactionDate", { startDate: new Date(0) })).toContain(
      "transactions_user_date_idx (user_id=? AND transaction_date>?)",
    );
    expect(indexOf("symbol", {})).toContain("transactions_user_symbol_date_idx");
    expect(indexOf("quantity", {})).toContain("transactions_user_quantity_idx");
    expect(indexOf("price", {})).toContain("transactions_user_price_idx");
    expect(indexOf("price", { symbols: ["AAPL"] })).toContain(
      "transactions_user_symbol_price_idx (user_id=? AND symbol=?)",
    );
    expect(indexOf("transactionTotal", {})).toContain("transactions_user_total_idx");
    expect(indexOf("type", {})).toContain("transactions_user_date_idx");
    expect(indexOf("transactionType", { symbols: ["AAPL"] })).toContain(
      "transactions_user_symbol_date_idx",
    );
  });
});
