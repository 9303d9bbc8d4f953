/**
 * Transaction history at scale: the first page of a filtered, sorted history, read through the
 * repository the API uses (the data layer), over a table of 1,000,000 transactions.
 *
 * The rows belong to 1,000 users: one heavy trader with 100,000 of them and about 900 for each
 * of the others. For every sort column, without a filter and with each of the screen's filters,
 * it times the first page of 25 with its count (what the screen asks for) for a typical user
 * and for the heavy one (a symbol filter is a text: finding the symbols containing it is part
 * of the time), and prints the median and the 99th percentile. The design budget is a
 * median under 5 ms. It also times deep pages, and the seeding itself.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createRepositories,
  migrateDatabase,
  openSqliteDatabase,
  type Database,
  type TransactionFilter,
} from "@ledgerline/db";
import { openPostgresDatabase } from "@ledgerline/db/postgres";
import {
  transactionCountLimit,
  transactionSortColumns,
  type TransactionSortColumn,
} from "@ledgerline/contracts";
import { multiply, toStored } from "@ledgerline/money";
import pg from "pg";
import { freshDatabase } from "./support/fresh-database";

type SortColumn = TransactionSortColumn;
const sortColumns = transactionSortColumns;

const stockSymbols = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "JPM", "V", "KO"];
const cryptoSymbols = ["BTC", "ETH", "SOL", "DOGE", "ADA", "XRP", "SHIB", "LINK"];
const START = Date.parse("2023-01-02T14:30:00Z");
const SPAN_MS = 3 * 365 * 86_400_000;

export interface BenchmarkOptions {
  rows?: number;
  users?: number;
  heavyRows?: number;
  /** Timed runs per case (each case stops early after `caseBudgetMs`). */
  runs?: number;
  caseBudgetMs?: number;
  /**
   * Run on PostgreSQL: the server to make a throwaway database on (dropped afterwards) instead
   * of SQLite in a temporary file.
   */
  postgresUrl?: string;
}

export interface CaseResult {
  user: "typical" | "heavy";
  sortBy: SortColumn;
  filter: string;
  medianMs: number;
  p99Ms: number;
}

/** A deterministic generator, so every run measures the same table. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

interface SeedOptions {
  rows: number;
  userCount: number;
  heavyRows: number;
}

/**
 * The table's rows, the same on every run and both databases: 1,000 users, one heavy trader,
 * skewed symbols, dates spread over three years, exact decimals as they are stored.
 */
function* seedRows({ rows, userCount, heavyRows }: SeedOptions) {
  const random = generator(20250101);
  const perTypical = Math.floor((rows - heavyRows) / (userCount - 1));
  for (let user = 1; user <= userCount; user++) {
    const count =
      user === 1
        ? heavyRows
        : user === userCount
          ? rows - heavyRows - perTypical * (userCount - 2)
          : perTypical;
    for (let i = 0; i < count; i++) {
      const crypto = random() < 0.35;
      const pool = crypto ? cryptoSymbols : stockSymbols;
      // Skewed: a few symbols make most of a history; the heavy trader has one rare symbol.
      let symbol = pool[Math.floor(random() ** 2 * pool.length)]!;
      if (user === 1 && i % 10_000 === 0) symbol = "RARE";
      const quantity = crypto
        ? (Math.floor(random() * 5_000_000) / 1_000_000 + 0.000001).toFixed(6)
        : String(1 + Math.floor(random() * 200));
      const price = crypto
        ? (random() * 60_000 + 0.01).toFixed(2)
        : (5 + random() * 900).toFixed(2);
      const date = START + Math.floor((i / count) * SPAN_MS) + Math.floor(random() * 3_600_000);
      yield {
        user,
        date,
        type: crypto ? "CRYPTO" : "STOCK",
        symbol,
        side: random() < 0.75 ? "BUY" : "SELL",
        quantity: toStored(quantity),
        price: toStored(price),
        total: toStored(multiply(quantity, price)),
      };
    }
  }
}

/** How long the rows and then the indexes took, from `started` to now. */
function seedTimes(started: number, insertedAt: number): Seeded["seed"] {
  const seededAt = performance.now();
  return {
    insertMs: insertedAt - started,
    indexMs: seededAt - insertedAt,
    totalMs: seededAt - started,
  };
}

interface Seeded {
  handle: Database;
  seed: { insertMs: number; indexMs: number; totalMs: number };
  drop(): Promise<void>;
}

/**
 * SQLite in a temporary file: prepared statements in one transaction, with the history's indexes
 * built after the rows are in (one sort per index instead of a million scattered inserts), then
 * rebuilt from their own definitions, exactly as the migrations made them.
 */
async function seedSqlite(options: SeedOptions): Promise<Seeded> {
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-bench-transactions-"));
  const handle = openSqliteDatabase(join(dir, "bench.db"));
  const drop = async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(handle);
    const { sqlite } = handle;
    const seedStarted = performance.now();
    const indexes = sqlite
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'transactions' AND sql IS NOT NULL",
      )
      .all() as { name: string; sql: string }[];
    const insertUser = sqlite.prepare(
      "INSERT INTO users (email, name, password_hash, created_at) VALUES (?, ?, 'x', ?)",
    );
    // Each user's default account, numbered as the users are.
    const insertAccount = sqlite.prepare(
      "INSERT INTO investment_accounts (user_id, name, type, cash_tracked, display_order, is_default, created_at) VALUES (?, 'Main', 'taxable', 0, 0, 1, ?)",
    );
    const insertTransaction = sqlite.prepare(
      `INSERT INTO transactions (user_id, account_id, transaction_date, type, symbol, transaction_type, quantity, price, total, notes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?)`,
    );
    sqlite.transaction(() => {
      for (const { name } of indexes) sqlite.exec(`DROP INDEX ${name}`);
      for (let user = 1; user <= options.userCount; user++) {
        insertUser.run(`trader${user}@example.com`, `Trader ${user}`, START);
        insertAccount.run(user, START);
      }
      for (const row of seedRows(options)) {
        insertTransaction.run(
          row.user,
          row.user,
          row.date,
          row.type,
          row.symbol,
          row.side,
          row.quantity,
          row.price,
          row.total,
          row.date,
        );
      }
    })();
    const insertedAt = performance.now();
    for (const { sql } of indexes) sqlite.exec(sql);
    return { handle, seed: seedTimes(seedStarted, insertedAt), drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * PostgreSQL in a throwaway database on the server of `serverUrl`, dropped afterwards: the rows
 * go in as column arrays, 20,000 a statement (one round trip each, no per-row parsing), with
 * the indexes built after them from their own definitions; then VACUUM ANALYZE, as autovacuum
 * would leave a table this size (statistics and the visibility map index-only reads rely on).
 */
async function seedPostgres(serverUrl: string, options: SeedOptions): Promise<Seeded> {
  const database = await freshDatabase(serverUrl, "transactions");
  const handle = openPostgresDatabase(database.url);
  const client = new pg.Client({ connectionString: database.url });
  const drop = async () => {
    await client.end().catch(() => undefined);
    await handle.close();
    await database.drop();
  };
  try {
    await migrateDatabase(handle);
    await client.connect();
    const seedStarted = performance.now();
    const { rows: indexes } = await client.query<{ name: string; sql: string }>(
      "SELECT indexname AS name, indexdef AS sql FROM pg_indexes" +
        " WHERE tablename = 'transactions' AND indexname <> 'transactions_pkey'",
    );
    await client.query("BEGIN");
    for (const { name } of indexes) await client.query(`DROP INDEX ${name}`);
    await client.query(
      "INSERT INTO users (email, name, password_hash, created_at)" +
        " SELECT 'trader' || n || '@example.com', 'Trader ' || n, 'x', $2::bigint" +
        " FROM generate_series(1, $1::int) AS n ORDER BY n",
      [options.userCount, START],
    );
    // Each user's default account, numbered as the users are.
    await client.query(
      "INSERT INTO investment_accounts (user_id, name, type, cash_tracked, display_order," +
        " is_default, created_at) SELECT id, 'Main', 'taxable', false, 0, true, created_at" +
        " FROM users ORDER BY id",
    );
    const columns = Array.from({ length: 8 }, () => [] as (string | number)[]);
    const flush = async () => {
      if (columns[0]!.length === 0) return;
      await client.query(
        "INSERT INTO transactions (user_id, account_id, transaction_date, type, symbol," +
          " transaction_type, quantity, price, total, created_at)" +
          " SELECT u, u, d, t, s, side, q, p, total, d FROM unnest($1::int[], $2::bigint[]," +
          " $3::text[], $4::text[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[])" +
          " AS r(u, d, t, s, side, q, p, total)",
        columns,
      );
      for (const column of columns) column.length = 0;
    };
    for (const row of seedRows(options)) {
      const values = [row.user, row.date, row.type, row.symbol, row.side];
      values.push(row.quantity, row.price, row.total);
      values.forEach((value, i) => columns[i]!.push(value));
      if (columns[0]!.length === 20_000) await flush();
    }
    await flush();
    await client.query("COMMIT");
    const insertedAt = performance.now();
    for (const { sql } of indexes) await client.query(sql);
    await client.query("VACUUM ANALYZE transactions");
    return { handle, seed: seedTimes(seedStarted, insertedAt), drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

export async function runTransactionsBenchmark(options: BenchmarkOptions = {}) {
  const rows = options.rows ?? 1_000_000;
  const userCount = options.users ?? 1_000;
  const heavyRows = options.heavyRows ?? 100_000;
  const runs = options.runs ?? 200;
  const caseBudgetMs = options.caseBudgetMs ?? 1500;

  const seedOptions = { rows, userCount, heavyRows };
  const seeded = options.postgresUrl
    ? await seedPostgres(options.postgresUrl, seedOptions)
    : await seedSqlite(seedOptions);
  const { handle } = seeded;
  try {
    const repos = createRepositories(handle);
    const monthAgo = new Date(START + SPAN_MS - 30 * 86_400_000);
    type Filter = Omit<TransactionFilter, "symbols"> & { symbol?: string };
    const filters: [string, Filter][] = [
      ["none", {}],
      ["symbol", { symbol: "AAPL" }],
      ["rare symbol", { symbol: "RARE" }],
      // GOOGL, KO and DOGE: three ranges merged.
      ["part of 3 symbols", { symbol: "o" }],
      ["type", { type: "CRYPTO" }],
      ["side", { transactionType: "SELL" }],
      ["last 30 days", { startDate: monthAgo }],
      [
        "all",
        { symbol: "BTC", type: "CRYPTO", transactionType: "BUY", startDate: new Date(START) },
      ],
    ];

    async function time(read: (run: number) => Promise<unknown>) {
      for (let i = 0; i < 3; i++) await read(i);
      const samples: number[] = [];
      const started = performance.now();
      for (let run = 0; run < runs && performance.now() - started < caseBudgetMs; run++) {
        const before = performance.now();
        await read(run);
        samples.push(performance.now() - before);
      }
      samples.sort((a, b) => a - b);
      return { medianMs: percentile(samples, 0.5), p99Ms: percentile(samples, 0.99) };
    }

    const results: CaseResult[] = [];
    for (const user of ["typical", "heavy"] as const) {
      for (const sortBy of sortColumns) {
        for (const [name, filter] of filters) {
          if (user === "typical" && name === "rare symbol") continue;
          const { symbol, ...rest } = filter;
          const timing = await time(async (run) => {
            // A different typical user each run, so no run reads pages the last one warmed.
            const userId = user === "heavy" ? 1 : 2 + ((run * 7919) % (userCount - 1));
            return repos.transactions.page({
              ...rest,
              symbols:
                symbol === undefined
                  ? undefined
                  : await repos.transactions.symbolsContaining(userId, symbol),
              userId,
              sortBy,
              sortOrder: run % 2 ? "asc" : "desc",
              offset: 0,
              limit: 25,
              // What the API counts for a first page.
              countUpTo: transactionCountLimit(0, 25),
            });
          });
          results.push({ user, sortBy, filter: name, ...timing });
        }
      }
    }

    const deep = {
      lastReachablePage: await time(() =>
        repos.transactions.page({
          userId: 1,
          sortBy: "price",
          sortOrder: "desc",
          offset: 9_975,
          limit: 25,
          countUpTo: transactionCountLimit(9_975, 25),
        }),
      ),
      lastReachablePageFiltered: await time(() =>
        repos.transactions.page({
          userId: 1,
          type: "CRYPTO",
          transactionType: "SELL",
          sortBy: "transactionDate",
          sortOrder: "desc",
          offset: 9_975,
          limit: 25,
          countUpTo: transactionCountLimit(9_975, 25),
        }),
      ),
    };
    // The cursor after the heavy trader's 50,000th row, then the batch there.
    let cursor: Awaited<ReturnType<typeof repos.transactions.batch>>["nextCursor"] = null;
    for (let read = 0; read < 50; read++) {
      cursor = (
        await repos.transactions.batch({
          userId: 1,
          sortBy: "price",
          sortOrder: "asc",
          after: cursor ?? undefined,
          limit: 1000,
        })
      ).nextCursor;
    }
    const batchAfter50k = await time(() =>
      repos.transactions.batch({
        userId: 1,
        sortBy: "price",
        sortOrder: "asc",
        after: cursor ?? undefined,
        limit: 25,
      }),
    );

    return {
      database: handle.dialect,
      rows,
      users: userCount,
      heavyRows,
      seed: seeded.seed,
      results,
      deep: { ...deep, batchAfter50k },
    };
  } finally {
    await seeded.drop();
  }
}

function printReport(report: Awaited<ReturnType<typeof runTransactionsBenchmark>>) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
  console.log(
    `${report.database === "postgres" ? "PostgreSQL" : "SQLite"}: ` +
      `${report.rows.toLocaleString("en-US")} transactions, ${report.users.toLocaleString("en-US")} users ` +
      `(one with ${report.heavyRows.toLocaleString("en-US")}); seeded in ${seconds(report.seed.totalMs)} ` +
      `(rows ${seconds(report.seed.insertMs)}, indexes ${seconds(report.seed.indexMs)})`,
  );
  console.log("First page of 25 with its count, median / p99 in ms (budget: median < 5 ms)");
  const filterNames = [...new Set(report.results.map((result) => result.filter))];
  for (const user of ["typical", "heavy"] as const) {
    console.log(`\n${user === "typical" ? "Typical user" : "Heavy trader"}`);
    const header = [
      "sort by",
      ...filterNames.filter((name) => user === "heavy" || name !== "rare symbol"),
    ];
    const rowsOut = sortColumns.map((sortBy) => [
      sortBy,
      ...header.slice(1).map((filter) => {
        const result = report.results.find(
          (r) => r.user === user && r.sortBy === sortBy && r.filter === filter,
        );
        return result ? `${ms(result.medianMs)} / ${ms(result.p99Ms)}` : "";
      }),
    ]);
    const widths = header.map((_, i) =>
      Math.max(...[header, ...rowsOut].map((row) => row[i]!.length)),
    );
    for (const row of [header, ...rowsOut]) {
      console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
    }
  }
  const over = report.results.filter((result) => result.medianMs >= 5);
  console.log(
    `\n${report.results.length - over.length} of ${report.results.length} cases within budget` +
      (over.length
        ? `; over: ${over.map((r) => `${r.user} ${r.sortBy}/${r.filter}`).join(", ")}`
        : ""),
  );
  const { deep } = report;
  console.log(
    `Heavy trader, deepest reachable page (offset 9,975) by price: ${ms(deep.lastReachablePage.medianMs)} / ${ms(deep.lastReachablePage.p99Ms)} ms; ` +
      `crypto sells by date: ${ms(deep.lastReachablePageFiltered.medianMs)} / ${ms(deep.lastReachablePageFiltered.p99Ms)} ms; ` +
      `cursor batch after 50,000 rows: ${ms(deep.batchAfter50k.medianMs)} / ${ms(deep.batchAfter50k.p99Ms)} ms`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // eslint-disable-next-line no-restricted-properties -- a bench reads where its database is
  const env = process.env;
  // DATABASE_URL=postgres://... (or --postgres, on TEST_DATABASE_URL or the local server) runs
  // it on PostgreSQL; BENCH_TRANSACTION_ROWS scales the table down (the heavy trader keeps a
  // tenth of it).
  const postgresUrl = env.DATABASE_URL?.startsWith("postgres")
    ? env.DATABASE_URL
    : process.argv.includes("--postgres")
      ? (env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres")
      : undefined;
  const rows = env.BENCH_TRANSACTION_ROWS ? Number(env.BENCH_TRANSACTION_ROWS) : undefined;
  printReport(
    await runTransactionsBenchmark({
      postgresUrl,
      ...(rows ? { rows, heavyRows: Math.floor(rows / 10) } : {}),
    }),
  );
}
