import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema>;

export interface DatabaseHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

/** The committed migrations of this package, as a folder path. */
export const defaultMigrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));

/**
 * Opens (creating if needed) a SQLite database with the settings the product relies on:
 * WAL so readers never wait for the writer, enforced foreign keys, and a busy timeout so a
 * concurrent writer waits instead of failing.
 */
export function openDatabase(url: string): DatabaseHandle {
  if (url !== ":memory:") mkdirSync(dirname(url), { recursive: true });
  const sqlite = new Database(url);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle({ client: sqlite, schema });
  return { db, sqlite, close: () => sqlite.close() };
}

export function migrateDatabase(db: Db, migrationsFolder = defaultMigrationsFolder): void {
  migrate(db, { migrationsFolder });
}

/** An online, consistent copy of the live database (safe while the server runs). */
export async function backupDatabase(
  sqlite: Database.Database,
  destination: string,
): Promise<void> {
  mkdirSync(dirname(destination), { recursive: true });
  await sqlite.backup(destination);
}
