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

/**
 * A fresh PostgreSQL database (`ledgerline_test_<random>`) copied from a migrated template; `drop`
 * removes it, closing whatever still uses it.
 */
export async function createTestPostgresDatabase(
  serverUrl = testPostgresUrl(),
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ledgerline_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Test files start together: one makes the template, and copies never overlap its use.
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      const template = await ensureTemplate(admin, serverUrl);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: () => dropTestPostgresDatabase(serverUrl, name),
  };
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
