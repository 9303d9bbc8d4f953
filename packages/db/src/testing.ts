import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateDatabase, openDatabase, type DatabaseHandle } from "./client";

/** A freshly migrated database in its own temporary file, removed on close. */
export function openTestDatabase(): DatabaseHandle & { path: string } {
  const dir = mkdtempSync(join(tmpdir(), "ledgerline-test-"));
  const path = join(dir, "test.db");
  const handle = openDatabase(path);
  migrateDatabase(handle.db);
  return {
    ...handle,
    path,
    close() {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
