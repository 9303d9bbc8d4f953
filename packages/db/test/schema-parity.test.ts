import type { Table } from "drizzle-orm";
import { getTableName, is } from "drizzle-orm";
import { getTableConfig as pgConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as sqliteConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as sqliteSchema from "../src/schema";
import * as pgSchema from "../src/schema-pg";

/** What must be equal on both dialects: columns with nullability and keys, indexes, references. */
function shape(config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>) {
  const sqlOf = (where: unknown) =>
    where ? JSON.stringify((where as { queryChunks: unknown[] }).queryChunks.length) : null;
  return {
    name: config.name,
    columns: config.columns
      .map((column) => ({
        name: column.name,
        notNull: column.notNull,
        primary: column.primary,
        unique: column.isUnique,
        hasDefault: column.hasDefault,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    indexes: config.indexes
      .map((index) => ({
        name: index.config.name ?? "",
        unique: index.config.unique,
        columns: index.config.columns.map((column) => (column as { name: string }).name),
        partial: sqlOf(index.config.where),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        return {
          columns: reference.columns.map((column) => column.name),
          table: getTableName(reference.foreignTable),
          foreignColumns: reference.foreignColumns.map((column) => column.name),
          onDelete: key.onDelete,
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
  };
}

const sqliteTables = Object.values(sqliteSchema).filter((value) => is(value, SQLiteTable));
const pgTables = Object.values(pgSchema).filter((value) => is(value, PgTable));

describe("the PostgreSQL schema", () => {
  it("has exactly the SQLite schema's tables", () => {
    const names = (tables: Table[]) => tables.map((table) => getTableName(table)).sort();
    expect(names(pgTables)).toEqual(names(sqliteTables));
    expect(pgTables.length).toBeGreaterThan(10);
  });

  it.each(sqliteTables.map((table) => [getTableName(table), table] as const))(
    "matches %s: columns, nullability, keys, indexes and references",
    (name, table) => {
      const twin = pgTables.find((candidate) => getTableName(candidate) === name);
      expect(twin).toBeDefined();
      expect(shape(pgConfig(twin as PgTable))).toEqual(shape(sqliteConfig(table as SQLiteTable)));
    },
  );

  it("keeps money and quantities exact: numeric, never a float", () => {
    const { positions, transactions, savedCryptos, marketDailyBars, alerts } = pgSchema;
    for (const column of [
      positions.quantity,
      positions.averagePrice,
      transactions.quantity,
      transactions.price,
      transactions.total,
      savedCryptos.savedPrice,
      marketDailyBars.close,
      alerts.value,
      alerts.triggeredPrice,
    ]) {
      expect(column.getSQLType()).toBe("numeric");
    }
  });
});
