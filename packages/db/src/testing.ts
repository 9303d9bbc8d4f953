import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import {
  defaultPostgresMigrationsFolder,
  migrateDatabase,
  openSqliteDatabase,
  type AnyDatabase,
} from "./client";
import type { SqliteDatabase } from "./database";
import { openPostgresDatabase, type PostgresDatabase } from "./postgres";

/** A freshly migrated database in its own temporary file, removed on close. */
export async function openTestDatabase(): Promise<SqliteDatabase & { path: string }> {
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-test-"));
  const path = join(dir, "test.db");
  const database = openSqliteDatabase(path);
  await migrateDatabase(database);
  return {
    ...database,
    path,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The server test databases are made on: TEST_DATABASE_URL, or the machine's local PostgreSQL. */
export function testPostgresUrl(): string {
  // eslint-disable-next-line no-restricted-properties -- test set-up reads where its server is
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}

/** Whether PostgreSQL answers at `url` within a second. */
export async function postgresAnswers(url = testPostgresUrl()): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

const TEMPLATE_LOCK_KEY = 7_468_372_102;

/** The migrated template for the committed migrations: named by their hash, made once. */
async function ensureTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const hash = createHash("sha256");
  for (const file of readdirSync(defaultPostgresMigrationsFolder, { recursive: true }).sort()) {
    const path = join(defaultPostgresMigrationsFolder, String(file));
    if (String(file).endsWith(".sql") || String(file).endsWith(".json")) {
      hash.update(String(file)).update(readFileSync(path));
    }
  }
  const name = `ledgerline_template_${hash.digest("hex").slice(0, 16)}`;
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) {
    await admin.query(`CREATE DATABASE ${name}`);
    const template = openPostgresDatabase(withDatabase(serverUrl, name));
    try {
      await migrateDatabase(template);
    } catch (error) {
      await template.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      throw error;
    }
    await template.close();
  }
  return name;
}

/** A test database on the server: its URL, and `drop`, which removes it. */
export interface CreatedTestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Copies the migrated template into a new database `name` (making the template if need be). */
async function copyTemplate(admin: pg.Client, serverUrl: string, name: string): Promise<void> {
  // Test files start together: one makes the template, and copies never overlap its use.
  await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
  try {
    const template = await ensureTemplate(admin, serverUrl);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
  }
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const randomName = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

/**
 * A fresh PostgreSQL database (`<prefix>_<random>`, `ledgerline_test_<random>` by default) copied
 * from a migrated template; `drop` removes it, closing whatever still uses it.
 */
export async function createTestPostgresDatabase(
  serverUrl = testPostgresUrl(),
  prefix = "ledgerline_test",
): Promise<CreatedTestDatabase> {
  const name = randomName(prefix);
  await withAdmin(serverUrl, (admin) => copyTemplate(admin, serverUrl, name));
  return {
    url: withDatabase(serverUrl, name),
    drop: () => dropTestPostgresDatabase(serverUrl, name),
  };
}

/**
 * A test run's databases (decision 0071): `stockTestPostgresDatabases` keeps a few copies of the
 * template made ahead of need (`<run>_ready_<n>`), tests take one with
 * `claimTestPostgresDatabase`, and the run drops them all at its end, many at a time. A copy takes
 * 0.4-1.5 s and a drop 1.1-1.5 s one by one, while 30 drops together took 2.5 s: PostgreSQL's
 * checkpoint, which every drop waits for, is shared by drops that wait together.
 */
export function testRunPrefix(run: string): string {
  if (!/^[a-z0-9]{1,16}$/.test(run)) throw new Error(`Not a test run's id: ${run}`);
  return `ledgerline_test_r${run}`;
}

/**
 * One of the run's databases made ahead of need, renamed to `<run>_<random>` so that no other
 * test takes it, or a new copy when none is ready. Its `drop` is left to the run's end.
 */
export async function claimTestPostgresDatabase(
  run: string,
  serverUrl = testPostgresUrl(),
): Promise<CreatedTestDatabase> {
  const prefix = testRunPrefix(run);
  const name = randomName(prefix);
  await withAdmin(serverUrl, async (admin) => {
    const ready = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname",
      [`${prefix}_ready_`],
    );
    // Another test may take the same one first: renaming it then fails, and the next is tried.
    for (const { datname } of ready.rows) {
      try {
        await admin.query(`ALTER DATABASE ${datname} RENAME TO ${name}`);
        return;
      } catch {
        continue;
      }
    }
    await copyTemplate(admin, serverUrl, name);
  });
  return { url: withDatabase(serverUrl, name), drop: async () => {} };
}

/**
 * Keeps `ready` copies of the template for the run's tests to claim, until `stop`, which drops
 * every database of the run (claimed or not), `concurrency` at a time.
 */
export function stockTestPostgresDatabases(
  run: string,
  { ready = 3, concurrency = 16, serverUrl = testPostgresUrl() } = {},
): { stop(): Promise<void> } {
  const prefix = testRunPrefix(run);
  let stopped = false;
  let wake: (() => void) | undefined;
  let failure: unknown;
  // Should the stock fail, tests make their own copies: slower, not wrong. The run says so.
  const loop = withAdmin(serverUrl, async (admin) => {
    for (let made = 0; !stopped;) {
      const waiting = await admin.query(
        "SELECT count(*)::int AS n FROM pg_database WHERE starts_with(datname, $1)",
        [`${prefix}_ready_`],
      );
      if ((waiting.rows[0] as { n: number }).n < ready) {
        made += 1;
        await copyTemplate(admin, serverUrl, `${prefix}_ready_${String(made).padStart(6, "0")}`);
      } else {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 100);
        });
      }
    }
  }).catch((error: unknown) => {
    failure = error;
  });
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await dropTestPostgresDatabases(prefix, { concurrency, serverUrl });
      if (failure)
        console.warn(
          `The run's stock of test databases failed: ${failure instanceof Error ? failure.message : JSON.stringify(failure)}`,
        );
    },
  };
}

/** Drops every database whose name starts with `prefix`, `concurrency` at a time. */
export async function dropTestPostgresDatabases(
  prefix: string,
  { concurrency = 16, serverUrl = testPostgresUrl() } = {},
): Promise<number> {
  const names = await withAdmin(serverUrl, async (admin) => {
    const found = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [prefix],
    );
    return found.rows.map((row) => row.datname);
  });
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
        await dropTestPostgresDatabase(serverUrl, name);
      }
    }),
  );
  return names.length;
}

/** The same, opened: closing it drops it. */
export async function openTestPostgresDatabase(
  serverUrl = testPostgresUrl(),
): Promise<PostgresDatabase & { url: string }> {
  const created = await createTestPostgresDatabase(serverUrl);
  const database = openPostgresDatabase(created.url);
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/** Drops a test database, closing whatever still uses it. */
export async function dropTestPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A fresh, migrated database of one dialect, with the URL a second connection would open. */
export interface TestDialect {
  name: "sqlite" | "postgres";
  open(): Promise<AnyDatabase & { url: string }>;
}

/**
 * The dialects a suite runs on: SQLite always, PostgreSQL when it answers. When it does not, the
 * suite says so loudly and skips it, unless LEDGERLINE_REQUIRE_SERVICES=1 (CI): then it fails.
 */
export async function testDialects(suite: string): Promise<TestDialect[]> {
  const sqlite: TestDialect = {
    name: "sqlite",
    open: async () => {
      const database = await openTestDatabase();
      return Object.assign(database, { url: database.path });
    },
  };
  if (await postgresAnswers()) {
    return [sqlite, { name: "postgres", open: () => openTestPostgresDatabase() }];
  }
  const note = `PostgreSQL does not answer at ${testPostgresUrl()}: ${suite} on PostgreSQL is SKIPPED. Start PostgreSQL (see README) or set TEST_DATABASE_URL.`;
  // eslint-disable-next-line no-restricted-properties -- CI demands its services
  if (process.env.LEDGERLINE_REQUIRE_SERVICES === "1") {
    throw new Error(`${note} (LEDGERLINE_REQUIRE_SERVICES=1)`);
  }
  console.warn(`\n${"!".repeat(100)}\n${note}\n${"!".repeat(100)}\n`);
  return [sqlite];
}

/**
 * Runs `work` while a ticker takes every turn of the event loop it is given, and answers the
 * work's result and how many turns there were: work done in one synchronous go gets none.
 */
export async function turnsDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}
