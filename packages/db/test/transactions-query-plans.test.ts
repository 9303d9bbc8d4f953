import type { transactionSortColumns } from "@ledgerline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cases } from "./transaction-plan-cases";
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
  });

  it("reads every combination as an index range: no table scan, no sort, rows by primary key", () => {
    const problems: string[] = [];
    for (const { filter, sortBy, sortOrder } of cases) {
      for (const { kind, sql, plan } of explainTransactionQueries(handle, {
        ...filter,
        userId: 1,
        sortBy,
        sortOrder,
      })) {
        const onTransactions = plan.filter((line) => /\btransactions\b/.test(line));
        const expected =
          kind === "rows"
            ? /^SEARCH transactions USING INTEGER PRIMARY KEY \(rowid=\?\)$/
            : kind === "keyset"
              ? // The cursor is part of the range SQLite seeks to, not a filter on the rows before it.
                /^SEARCH transactions USING COVERING INDEX transactions_user_\w+_idx \(user_id=\?.* AND \([a-z_,]+\)[<>]\([?,]+\)\)$/
              : /^SEARCH transactions USING COVERING INDEX transactions_user_\w+_idx \(user_id=\?/;
        const bad =
          onTransactions.length !== 1 ||
          plan.some((line) => /TEMP B-TREE/.test(line)) ||
          !expected.test(onTransactions[0]!);
        if (bad) {
          problems.push(
            `${kind} ${JSON.stringify({ filter, sortBy, sortOrder })}\n  ${sql}\n  ${plan.join(" | ")}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("orders through the index of the sort column, and its symbol twin when a symbol is given", () => {
    const indexOf = (sortBy: (typeof transactionSortColumns)[number], filter: TransactionFilter) =>
      explainTransactionQueries(handle, { ...filter, userId: 1, sortBy, sortOrder: "desc" })[0]!
        .plan[0];
    expect(indexOf("transactionDate", {})).toContain("transactions_user_date_idx");
    expect(indexOf("transactionDate", { symbol: "AAPL" })).toContain(
      "transactions_user_symbol_date_idx (user_id=? AND symbol=?)",
    );
    expect(indexOf("transactionDate", { startDate: new Date(0) })).toContain(
      "transactions_user_date_idx (user_id=? AND transaction_date>?)",
    );
    expect(indexOf("symbol", {})).toContain("transactions_user_symbol_date_idx");
    expect(indexOf("quantity", {})).toContain("transactions_user_quantity_idx");
    expect(indexOf("price", {})).toContain("transactions_user_price_idx");
    expect(indexOf("price", { symbol: "AAPL" })).toContain(
      "transactions_user_symbol_price_idx (user_id=? AND symbol=?)",
    );
    expect(indexOf("transactionTotal", {})).toContain("transactions_user_total_idx");
    expect(indexOf("type", {})).toContain("transactions_user_date_idx");
    expect(indexOf("transactionType", { symbol: "AAPL" })).toContain(
      "transactions_user_symbol_date_idx",
    );
  });
});
