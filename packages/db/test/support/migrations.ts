import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, expect } from "vitest";
import {
  defaultMigrationsFolder,
  defaultPostgresMigrationsFolder,
  openSqliteDatabase,
  type AnyDatabase,
} from "../../src/client";
import { openPostgresDatabase } from "../../src/postgres";
import { dropTestPostgresDatabase, postgresAnswers, testPostgresUrl } from "../../src/testing";

/**
 * A migration tried on a database holding data from before it: each dialect's migrations up to
 * the one in question (migrationsBefore), the old rows written by hand, then the rest migrated.
 */

export interface MigrationDialect {
  name: "sqlite" | "postgres";
  /** A new, empty database of the dialect, dropped after the test file. */
  open(): Promise<AnyDatabase>;
  /**
   * A copy of the dialect's migrations up to (not including) the one whose tag ends with
   * `tagEnd` (its number differs between the dialects), removed after the test file.
   */
  migrationsBefore(tagEnd: string): string;
}

/** The dialects a migration test runs on (PostgreSQL when it answers); cleans up after the file. */
export async function migrationDialects(prefix: string): Promise<MigrationDialect[]> {
  const temp = mkdtempSync(join(tmpdir(), `ledgerline-${prefix}-`));
  const dropped: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of dropped) await drop();
    rmSync(temp, { recursive: true, force: true });
  });
  const before = (folder: string) => (tagEnd: string) => migrationsBefore(temp, folder, tagEnd);
  const dialects: MigrationDialect[] = [
    {
      name: "sqlite",
      open: async () => openSqliteDatabase(join(temp, `old-${randomBytes(4).toString("hex")}.db`)),
      migrationsBefore: before(defaultMigrationsFolder),
    },
  ];
  if (await postgresAnswers()) {
    dialects.push({
      name: "postgres",
      open: async () => {
        const serverUrl = testPostgresUrl();
        const name = `ledgerline_test_${randomBytes(6).toString("hex")}`;
        const admin = new pg.Client({ connectionString: serverUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${name}`);
        await admin.end();
        dropped.push(() => dropTestPostgresDatabase(serverUrl, name));
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        return openPostgresDatabase(url.toString());
      },
      migrationsBefore: before(defaultPostgresMigrationsFolder),
    });
  }
  return dialects;
}

function migrationsBefore(temp: string, folder: string, tagEnd: string): string {
  const copy = join(temp, `migrations-${randomBytes(4).toString("hex")}`);
  cpSync(folder, copy, { recursive: true });
  const journalPath = join(copy, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tagEnd));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return copy;
}
