import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase } from "../src";
import { openPostgresDatabase, type PostgresDatabase } from "../src/postgres";
import { dropTestPostgresDatabase, testDialects, testPostgresUrl } from "../src/testing";
import { readFileSync } from "node:fs";
import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schemaPg from "../src/schema-pg";

/** Every migration committed for PostgreSQL, and every table its schema defines. */
const committedMigrations = (
  JSON.parse(
    readFileSync(new URL("../drizzle-pg/meta/_journal.json", import.meta.url), "utf8"),
  ) as { entries: unknown[] }
).entries.length;
const definedTables = Object.values(schemaPg).filter((value) => is(value, PgTable)).length;

const onPostgres = (await testDialects("the PostgreSQL migration tests")).some(
  (dialect) => dialect.name === "postgres",
);

describe.runIf(onPostgres)("migrations on PostgreSQL", () => {
  const name = `ledgerline_test_migrate_${process.pid}_${Date.now()}`;
  const opened: PostgresDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    await dropTestPostgresDatabase(testPostgresUrl(), name);
  });

  it("apply once when several processes start together on an empty database", async () => {
    const admin = new pg.Client({ connectionString: testPostgresUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(testPostgresUrl());
    url.pathname = `/${name}`;
    for (let i = 0; i < 4; i++) opened.push(openPostgresDatabase(url.toString()));
    await Promise.all(opened.map((database) => migrateDatabase(database)));
    const [applied] = await opened[0]!.query<{ n: number }>(
      "SELECT count(*) AS n FROM drizzle.__drizzle_migrations",
    );
    const [tables] = await opened[0]!.query<{ n: number }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(Number(applied?.n)).toBe(committedMigrations);
    expect(Number(tables?.n)).toBe(definedTables);
  });
});
