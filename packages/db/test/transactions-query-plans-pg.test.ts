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
    // in 20 symbols, with fresh statistics and visibility map (as autovacuum leaves a table).
    await database.query(
      "INSERT INTO users (email, name, password_hash, created_at)" +
        " SELECT 'u' || n || '@example.com', 'U', 'h', 0 FROM generate_series(1, 40) AS n",
    );
    // Each user's default account has the user's id (both are numbered from 1 here).
    await database.query(
      "INSERT INTO investment_accounts (user_id, name, type, cash_tracked, display_order," +
        " is_default, created_at) SELECT id, 'Main', 'taxable', false, 0, true, 0 FROM users ORDER BY id",
    );
    await database.query(
      "INSERT INTO transactions (user_id, account_id, transaction_date, type, symbol," +
        " transaction_type, quantity, price, total, created_at)" +
        " SELECT 1 + n % 40, 1 + n % 40, 1735689600000 + (n::bigint * 7919 % 63072000) * 1000," +
        " CASE WHEN n % 3 = 0 THEN 'CRYPTO' ELSE 'STOCK' END," +
        " (ARRAY['AAPL','MSFT','NVDA','AMZN','META','GOOG','TSLA','JPM','V','MA','BTC','ETH','SOL','ADA','XRP','DOGE','DOT','LTC','LINK','AVAX'])[1 + n % 20]," +
        " CASE WHEN n % 4 = 0 THEN 'SELL' ELSE 'BUY' END," +
        " (n % 1000) / 7.0, (n % 5000) / 3.0, (n % 1000) / 7.0 * (n % 5000) / 3.0, 0" +
        " FROM generate_series(1, 200000) AS n",
    );
    await database.query("VACUUM ANALYZE transactions");
  }, 120_000);
  afterAll(() => database.close());

  // PostgreSQL has no INDEXED BY, so these hold its planner to what SQLite is told: no query
  // scans the table, and no page or batch sorts what an index gives in order. The indexes end in
  // the id, the page order's last column, so no run of equal keys is sorted (Incremental Sort).
  // Where the planner sorts rather than read in index order, it must expect a small set (one
  // symbol, side and month): never more rows than a few pages.
  const smallSort = 250;
  const throughIndex = (kind: string, node: string, sortBy: string) =>
    kind === "rows"
      ? /transactions_pkey/.test(node)
      : /transactions_user_(date|symbol_date|(symbol_)?(quantity|price|total))_idx/.test(node) ||
        // A side sort reads its SPLIT run, a handful of rows, through the splits' own index.
        (sortBy === "transactionType" && /transactions_user_account_split_idx/.test(node));

  type Explained = Awaited<ReturnType<typeof explainPostgresTransactionQueries>>[number];
  /** Each combination's statements (but the symbol lookup) that `bad` finds fault with. */
  async function problemsOf(
    combinations: typeof cases,
    bad: (query: Explained & { scans: string[] }, sortBy: string) => boolean,
  ) {
    const problems: string[] = [];
    for (const { filter, sortBy, sortOrder } of combinations) {
      const request = { ...filter, userId: 7, sortBy, sortOrder };
      for (const query of await explainPostgresTransactionQueries(database, request)) {
        if (query.kind === "symbols") continue;
        const scans = query.plan.filter((node) => /Scan/.test(node) && !/Bitmap Heap/.test(node));
        const throughIndexes =
          scans.length > 0 && scans.every((node) => throughIndex(query.kind, node, sortBy));
        if (
          !throughIndexes ||
          query.plan.some((node) => /Seq Scan/.test(node)) ||
          bad({ ...query, scans }, sortBy)
        ) {
          problems.push(
            `${query.kind} ${JSON.stringify(request)}\n  ${query.sql}\n  ${query.plan.join(" | ")}`,
          );
        }
      }
    }
    return problems;
  }

  it("reads every filter and sort combination through a history index, with no table scan and no sort of the history", async () => {
    const problems = await problemsOf(
      cases,
      ({ plan, sortedRows }) =>
        plan.some((node) => /Incremental Sort/.test(node)) ||
        sortedRows.some((rows) => rows > smallSort),
    );
    expect(problems).toEqual([]);
  }, 120_000);

  // Several symbols: one index range per symbol, each cut at the page's offset and length. By
  // date (or a type or side run of it) they are merged as they come (Merge Append). By symbol
  // they follow one another, and by an amount the symbol breaks ties before the id; PostgreSQL
  // cannot know that each range holds one symbol, so it sorts those: at most the ranges' cuts.
  it("merges one cut index range per symbol when several match, with no table scan", async () => {
    const problems = await problemsOf(mergedCases, ({ kind, plan, sortedRows, scans }, sortBy) => {
      const ranges = kind === "page" || kind === "keyset";
      const splitRun = plan.some((node) => /split_idx/.test(node));
      const byDate = ["transactionDate", "type", "transactionType"].includes(sortBy);
      return (
        // A keyset leaves out the symbols its cursor is past.
        (kind === "page" && scans.length !== 3) ||
        (ranges &&
          byDate &&
          !splitRun &&
          (!plan.includes("Merge Append") || sortedRows.length > 0)) ||
        sortedRows.some((rows) => rows > 3 * (50 + 25))
      );
    });
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

  it("merges the symbols' date-ordered ranges without sorting them", async () => {
    const page = (
      await explainPostgresTransactionQueries(database, {
        symbols: ["AAPL", "MSFT", "NVDA"],
        userId: 7,
        sortBy: "transactionDate",
        sortOrder: "desc",
      })
    ).find((query) => query.kind === "page")!;
    expect(page.plan).toContain("Merge Append");
    expect(page.plan.some((node) => /Sort|Seq Scan/.test(node))).toBe(false);
    expect(
      page.plan.filter((node) => /Index Only Scan transactions_user_symbol_date_idx/.test(node)),
    ).toHaveLength(3);
  });
});
