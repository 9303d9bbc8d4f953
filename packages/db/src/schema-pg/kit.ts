import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { ColumnKit } from "../schema/kit";

/** An instant as epoch milliseconds, read and written as a Date. */
const instant = customType<{ data: Date; driverData: number | string }>({
  dataType: () => "bigint",
  toDriver: (value) => value.getTime(),
  fromDriver: (value) => new Date(Number(value)),
});

const id = () => integer("id").primaryKey().generatedByDefaultAsIdentity();

const pgKit = {
  table: pgTable,
  index,
  uniqueIndex,
  primaryKey,
  text,
  integer,
  id,
  // Always written explicitly; like SQLite's INTEGER PRIMARY KEY it could number itself.
  rowId: id,
  instant: (name: string) => instant(name),
  decimal: (name: string) => numeric(name),
  flag: (name: string) => boolean(name),
  json: (name: string) => jsonb(name),
  bigInteger: (name: string) => bigint(name, { mode: "number" }),
  double: (name: string) => doublePrecision(name),
  isTrue: (column: AnyPgColumn) => sql`${column}`,
  zero: "0",
};

/**
 * PostgreSQL's column kit, under SQLite's names and types (see ../schema/kit.ts): the tables are
 * written once, and the repositories read both dialects' tables through SQLite's types (decision
 * 0005), so the PostgreSQL builders are typed as SQLite's here, in this one place. The schema
 * parity test and drizzle-kit check what they really build.
 */
export const pgColumns = pgKit as unknown as ColumnKit;
