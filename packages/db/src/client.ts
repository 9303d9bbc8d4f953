import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { driveSync, type SqliteDatabase, type Step } from "./database";
import { openPostgresDatabase, type PostgresDatabase } from "./postgres";
import * as schema from "./schema";

/** Drizzle's query builder; repositories build with it on either dialect (see database.ts). */
export type Db = BetterSQLite3Database<typeof schema>;

/** The committed migrations of this package, as folder paths per dialect. */
export const defaultMigrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));
export const defaultPostgresMigrationsFolder = fileURLToPath(
  new URL("../drizzle-pg", import.meta.url),
);

/** Either dialect's database. */
export type AnyDatabase = SqliteDatabase | PostgresDatabase;

/** Whether DATABASE_URL names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

interface SqliteQuery {
  all(): unknown;
  get(): unknown;
  run(): { changes: number };
}

/**
 * Opens (creating if needed) a SQLite database with the settings the product relies on:
 * WAL so readers never wait for the writer, enforced foreign keys, and a busy timeout so a
 * concurrent writer waits instead of failing.
 */
export function openSqliteDatabase(url: string): SqliteDatabase {
  if (url !== ":memory:") mkdirSync(dirname(url), { recursive: true });
  const sqlite = new BetterSqlite3(url);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle({ client: sqlite, schema });

  const statements = new Map<string, BetterSqlite3.Statement>();
  function rawStatement(sql: string, pluck: boolean): BetterSqlite3.Statement {
    const key = `${pluck ? "p" : "r"}:${sql}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (pluck) statement.pluck();
      statements.set(key, statement);
    }
    return statement;
  }

  function execute(step: Step): unknown {
    if (step.read === "raw") return rawStatement(step.sql, step.pluck).all(...step.params);
    const query = step.query as SqliteQuery;
    switch (step.read) {
      case "all":
        return query.all();
      case "first":
      case "lock":
        return query.get();
      case "changes":
        return query.run().changes;
    }
  }

  return {
    dialect: "sqlite",
    db,
    tables: schema,
    sqlite,
    async all(query) {
      return query.all();
    },
    async first(query) {
      return query.get();
    },
    async changes(query) {
      return (query as SqliteQuery).run().changes;
    },
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const statement = rawStatement(sql, false);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    prepare(_name, query) {
      const prepared = query.prepare();
      return {
        all: async (values) => prepared.all(values),
        first: async (values) => prepared.get(values),
        changes: async (values) => (prepared.run(values) as { changes: number }).changes,
      };
    },
    async transaction(work, options = {}) {
      const run = sqlite.transaction(() => driveSync(work(db), execute));
      return options.readOnly ? run.deferred() : run.immediate();
    },
    async ping() {
      sqlite.prepare("SELECT 1").get();
    },
    async close() {
      sqlite.close();
    },
  };
}

/**
 * Opens the database DATABASE_URL names: `postgres://...` selects PostgreSQL, anything else is a
 * SQLite file path (or `:memory:`).
 */
export function openDatabase(url: string): AnyDatabase {
  return isPostgresUrl(url) ? openPostgresDatabase(url) : openSqliteDatabase(url);
}

/** Applies the committed migrations of the database's dialect (default: this package's). */
export async function migrateDatabase(
  database: AnyDatabase,
  migrationsFolder?: string,
): Promise<void> {
  if (database.dialect === "postgres") {
    await database.migrate(migrationsFolder ?? defaultPostgresMigrationsFolder);
  } else {
    migrate(database.db, { migrationsFolder: migrationsFolder ?? defaultMigrationsFolder });
  }
}

/** An online, consistent copy of the live database (safe while the server runs). */
export async function backupDatabase(database: SqliteDatabase, destination: string): Promise<void> {
  mkdirSync(dirname(destination), { recursive: true });
  await database.sqlite.backup(destination);
}
