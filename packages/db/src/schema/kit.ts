import { sql, type SQL } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from "drizzle-orm/sqlite-core";

/**
 * The column types the tables are written in, once for both dialects (the table files here are
 * functions of a kit). This is SQLite's; ../schema-pg/kit.ts has PostgreSQL's under the same names
 * and types (the repositories are typed against SQLite's tables, decision 0005). Per kind:
 * - `instant`: epoch milliseconds (integer here, bigint there), read and written as a Date;
 * - `decimal`: exact decimal text here (see @ledgerline/money `toStored`), numeric there;
 * - `flag`: a boolean; `json`: JSON text here, jsonb there; `bigInteger`: a Unix-ms or counter
 *   number that outgrows 32 bits; `double`: a float (only volumes, never money).
 */
export const sqliteColumns = {
  table: sqliteTable,
  index,
  uniqueIndex,
  primaryKey,
  text,
  integer,
  /** An id the database numbers. */
  id: () => integer("id").primaryKey({ autoIncrement: true }),
  /** An id the caller writes (SQLite's INTEGER PRIMARY KEY; it could number itself). */
  rowId: () => integer("id").primaryKey(),
  instant: <N extends string>(name: N) => integer(name, { mode: "timestamp_ms" }),
  decimal: <N extends string>(name: N) => text(name),
  flag: <N extends string>(name: N) => integer(name, { mode: "boolean" }),
  json: <N extends string>(name: N) => text(name, { mode: "json" }),
  bigInteger: <N extends string>(name: N) => integer(name),
  double: <N extends string>(name: N) => real(name),
  /** A partial index's condition on a flag column. */
  isTrue: (column: AnySQLiteColumn): SQL => sql`${column} = 1`,
  /** 0 as `decimal` columns store it (@ledgerline/money `toStored("0")`). */
  zero: "00000000000000000000.0000000000000000",
};

export type ColumnKit = typeof sqliteColumns;
