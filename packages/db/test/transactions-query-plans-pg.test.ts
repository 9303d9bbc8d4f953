import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cases, mergedCases } from "./transaction-plan-cases";
import { explainPostgresTransactionQueries } from "../src";
import { openTestPostgresDatabase, testDialects } from "../src/testing";

const onPostgres = (await testDialects("the PostgreSQL query-plan tests")).some(
  (dialect) => dialect.name === "postgres",
);

describe.runIf(onPostgres)("query plans of the transaction history on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof openTestPostgresDatabase>>;
  beforeAll(async () => {
    database = await openTestPostgresDatabase();
    // A planner's choices depend on the data: 40 users with 5,000 trades each over two years,
    // in 20 symbols, with fresh statistics.
    await database.query(
      "INSERT INTO users (email, name, password_hash, created_at)" +
        " SELECT 'u' || n || '@example.com', 'U', 'h', 0 FROM generate_series(1, 40) AS n",
    );
    await database.query(
      "INSERT INTO transactions (user_id, transaction_date, type, symbol, transaction_type," +
        " quantity, price, total, created_at)" +
        " SELECT 1 + n % 40, 1735689600000 + (n::bigint * 7919 % 63072000) * 1000," +
        " CASE WHEN n % 3 = 0 THEN 'CRYPTO' ELSE 'STOCK' END," +
        " (ARRAY['AAPL','MSFT','NVDA','AMZN','META','GOOG','TSLA','JPM','V','MA','BTC','ETH','SOL','ADA','XRP','DOGE','DOT','LTC','LINK','AVAX'])[1 + n % 20]," +
        " CASE WHEN n % 4 = 0 THEN 'SELL' ELSE 'BUY' END," +
        " (n % 1000) / 7.0, (n % 5000) / 3.0, (n % 1000) / 7.0 * (n % 5000) / 3.0, 0" +
        " FROM generate_series(1, 200000) AS n",
    );
    await database.query("ANALYZE");
  }, 120_000);
  afterAll(() => database.close());

  // PostgreSQL has no INDEXED BY: its planner may sort a small filtered set instead of reading
  // it in index order, and may scan the table for a capped count it expects to stop early. What
  // holds on every combination: pages and keyset batches find their ids through a history index
  // and the rows come by primary key, so no page ever reads the user's whole history unindexed.
  it("finds every page and batch through a history index and its rows by primary key", async () => {
    const problems: string[] = [];
    for (const { filter, sortBy, sortOrder } of [...cases, ...mergedCases]) {
      const request = { ...filter, userId: 7, sortBy, sortOrder };
      for (const { kind, sql, plan } of await explainPostgresTransactionQueries(
        database,
        request,
      )) {
        if (kind === "count" || kind === "symbols") continue;
        const scans = plan.filter((node) => /Scan/.test(node) && !/Bitmap Heap/.test(node));
        const bad =
          plan.some((node) => /Seq Scan/.test(node)) ||
          scans.length === 0 ||
          !scans.every((node) =>
            kind === "rows"
              ? /transactions_pkey/.test(node)
              : /transactions_user_\w+_idx/.test(node),
          );
        if (bad) {
          problems.push(`${kind} ${JSON.stringify(request)}\n  ${sql}\n  ${plan.join(" | ")}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("finds the symbols a text matches through the symbol index, never a scan", async () => {
    const [lookup] = await explainPostgresTransactionQueries(database, {
      symbols: ["AAPL", "MSFT"],
      userId: 7,
      sortBy: "transactionDate",
      sortOrder: "desc",
    });
    expect(lookup?.kind).toBe("symbols");
    expect(lookup!.plan.some((node) => /Seq Scan/.test(node))).toBe(false);
    expect(lookup!.plan).toContain("Recursive Union");
    expect(lookup!.plan).toContain("Index Only Scan transactions_user_symbol_date_idx");
  });

  // Each symbol's range is its own index read; with no id in the indexes, PostgreSQL may sort the
  // small sets they return (Append + Sort) rather than merge them (Merge Append).
  it("reads one index range per symbol when several match", async () => {
    const page = (
      await explainPostgresTransactionQueries(database, {
        symbols: ["AAPL", "MSFT", "NVDA"],
        userId: 7,
        sortBy: "transactionDate",
        sortOrder: "desc",
      })
    ).find((query) => query.kind === "page")!;
    expect(page.plan.some((node) => /Append/.test(node))).toBe(true);
    expect(page.plan.some((node) => /Seq Scan/.test(node))).toBe(false);
    expect(
      page.plan.filter((node) => /Index (Only )?Scan transactions_user_symbol_\w+_idx/.test(node)),
    ).toHaveLength(3);
  });
});
