import { createHash } from "node:crypto";
import { fromStored } from "@ledgerline/money";
import { asc, count, getTableName, gt } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AnyDatabase } from "./client";
import type { Tables } from "./database";

/**
 * Every table, parents before children (foreign keys point backwards in this list). The daily
 * holdings snapshots (schema/snapshots.ts) are left out: they are derived from the trades and
 * rebuilt on the target at the first read.
 */
export const tablesInDependencyOrder = [
  "users",
  "investmentAccounts",
  "sessions",
  "passwordResetTokens",
  "auditLogs",
  "mailOutbox",
  "clientLogs",
  "marketDailyBars",
  "marketBarCoverage",
  "marketCompanyDetails",
  "savedStocks",
  "savedCryptos",
  "positions",
  "transactions",
  "storedMarketMovers",
  "idempotencyKeys",
  "alerts",
  "notifications",
  "apiKeys",
  "mfaCredentials",
  "mfaRecoveryCodes",
  "mfaChallenges",
  "incomeEntries",
] as const satisfies readonly (keyof Tables)[];

const BATCH = 500;

export interface CopyReport {
  tables: { table: string; source: number; target: number }[];
  /** Users whose positions differ between the databases after the copy (none when it worked). */
  positionMismatches: number[];
  users: number;
}

function tableOf(database: AnyDatabase, name: (typeof tablesInDependencyOrder)[number]) {
  return database.tables[name] as unknown as SQLiteTable;
}

/** The table's key columns, in order: its `id`, its token hash, or the market tables' keys. */
function keyColumns(table: SQLiteTable): SQLiteColumn[] {
  const columns = table as unknown as Record<string, SQLiteColumn | undefined>;
  const names = columns.id
    ? ["id"]
    : columns.tokenHash
      ? ["tokenHash"]
      : ["source", "symbol", "date"];
  return names.flatMap((name) => (columns[name] ? [columns[name]] : []));
}

async function countRows(database: AnyDatabase, table: SQLiteTable): Promise<number> {
  const row = await database.first(database.db.select({ n: count() }).from(table));
  return row?.n ?? 0;
}

/** Each user's positions as one digest of their canonical decimals. */
export async function positionChecksums(database: AnyDatabase): Promise<Map<number, string>> {
  const { positions } = database.tables;
  const rows = await database.all(
    database.db
      .select()
      .from(positions)
      .orderBy(
        asc(positions.userId),
        asc(positions.accountId),
        asc(positions.assetType),
        asc(positions.symbol),
      ),
  );
  const lines = new Map<number, string[]>();
  for (const row of rows) {
    const line = [
      row.accountId,
      row.assetType,
      row.symbol,
      fromStored(row.quantity),
      fromStored(row.averagePrice),
    ];
    lines.set(row.userId, [...(lines.get(row.userId) ?? []), line.join("|")]);
  }
  return new Map(
    [...lines].map(([userId, entries]) => [
      userId,
      createHash("sha256").update(entries.join("\n")).digest("hex"),
    ]),
  );
}

/**
 * Copies every row of `from` into the empty, migrated `to` (either dialect into either), table by
 * table in dependency order, then moves PostgreSQL's id sequences past the copied ids and checks
 * row counts and every user's positions on both sides.
 */
export async function copyDatabase(
  from: AnyDatabase,
  to: AnyDatabase,
  onTable: (table: string, rows: number) => void = () => {},
): Promise<CopyReport> {
  for (const name of tablesInDependencyOrder) {
    if ((await countRows(to, tableOf(to, name))) > 0) {
      throw new Error(`The target database is not empty (${getTableName(tableOf(to, name))})`);
    }
  }
  const tables: CopyReport["tables"] = [];
  for (const name of tablesInDependencyOrder) {
    const source = tableOf(from, name);
    const target = tableOf(to, name);
    const keys = keyColumns(source);
    const byId = keys.length === 1 && keys[0]!.name === "id" ? keys[0]! : undefined;
    let copied = 0;
    let lastId: number | undefined;
    for (;;) {
      // Tables with an id page by it (any size costs the same per batch); the market tables
      // with composite keys are small enough to page by offset.
      const query = from.db.select().from(source);
      const batch = byId
        ? await from.all(
            query
              .where(lastId === undefined ? undefined : gt(byId, lastId))
              .orderBy(asc(byId))
              .limit(BATCH),
          )
        : await from.all(
            query
              .orderBy(...keys.map((column) => asc(column)))
              .limit(BATCH)
              .offset(copied),
          );
      if (batch.length === 0) break;
      await to.changes(to.db.insert(target).values(batch));
      copied += batch.length;
      if (byId) lastId = Number((batch.at(-1) as { id: number }).id);
      if (batch.length < BATCH) break;
    }
    if (to.dialect === "postgres" && byId) {
      const table = getTableName(target);
      await to.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), coalesce(max(id), 0) + 1, false) FROM ${table}`,
      );
    }
    tables.push({
      table: getTableName(source),
      source: await countRows(from, source),
      target: await countRows(to, target),
    });
    onTable(getTableName(source), copied);
  }
  const before = await positionChecksums(from);
  const after = await positionChecksums(to);
  const users = new Set([...before.keys(), ...after.keys()]);
  return {
    tables,
    positionMismatches: [...users].filter((user) => before.get(user) !== after.get(user)).sort(),
    users: users.size,
  };
}
