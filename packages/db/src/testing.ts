import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openSqliteDatabase } from "./client";
import type { SqliteDatabase } from "./database";

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
