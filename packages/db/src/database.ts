import type BetterSqlite3 from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type * as schema from "./schema";

/** The SQLite dialect's drizzle handle over the schema. */
export type Db = BetterSQLite3Database<typeof schema>;

/** The tables of the open database's dialect (typed as the SQLite ones; the columns are equal). */
export type Tables = typeof schema;

export type Dialect = "sqlite" | "postgres";

/**
 * One query of a transaction and how its answer is read. Repositories build queries with
 * Drizzle's SQLite-typed builder; on PostgreSQL the same builder calls produce PostgreSQL queries,
 * so what differs between the dialects is only how a query runs, which this names.
 */
export type Step =
  | { read: "all" | "first" | "changes" | "lock"; query: unknown }
  | { read: "raw"; sql: string; params: readonly unknown[]; pluck: boolean; values?: boolean }
  | { read: "pause" };

/** A transaction's work: a generator yielding its steps (so SQLite runs it without yielding the event loop). */
export type Work<T> = Generator<Step, T, unknown>;

/** Every row of a query. */
export function* all<T>(query: { all(): T[] }): Work<T[]> {
  return (yield { read: "all", query }) as T[];
}

/** The first row of a query, if any. */
export function* first<T>(query: { get(): T }): Work<T> {
  return (yield { read: "first", query }) as T;
}

/** Runs a write and answers how many rows it changed. */
export function* changes(query: { run(): unknown }): Work<number> {
  return (yield { read: "changes", query }) as number;
}

/**
 * The first row of a query, locked until the transaction ends (`FOR UPDATE` on PostgreSQL; on
 * SQLite the write transaction already holds the database's single write lock).
 */
export function* locked<T>(query: { get(): T }): Work<T> {
  return (yield { read: "lock", query }) as T;
}

/** A hand-written query: `?` placeholders, rows as objects (or first values with `pluck`). */
export function* raw<T>(sql: string, params: readonly unknown[], pluck = false): Work<T[]> {
  return (yield { read: "raw", sql, params, pluck }) as T[];
}

/**
 * A hand-written query whose rows come as arrays of their columns' values, in the select's
 * order: no object per row (nor Drizzle's mapping), for reads of tens of thousands of rows.
 */
export function* rawValues<T extends readonly unknown[]>(
  sql: string,
  params: readonly unknown[],
): Work<T[]> {
  return (yield { read: "raw", sql, params, pluck: false, values: true }) as T[];
}

/**
 * Lets other requests run for a turn of the event loop, in the middle of a long transaction
 * (an import's thousands of inserts): only in a transaction started with `{ pauses: true }`,
 * a no-op in any other.
 */
export function* pause(): Work<void> {
  yield { read: "pause" };
}

/** A statement prepared once and run with `sql.placeholder` values. */
export interface Prepared<TAll, TGet> {
  all(values?: Record<string, unknown>): Promise<TAll>;
  first(values?: Record<string, unknown>): Promise<TGet>;
  changes(values?: Record<string, unknown>): Promise<number>;
}

/** What Drizzle's SQLite builder offers once prepared; PostgreSQL's is adapted to it. */
export interface PreparableQuery<TAll, TGet> {
  prepare(): {
    all(values?: Record<string, unknown>): TAll;
    get(values?: Record<string, unknown>): TGet;
    run(values?: Record<string, unknown>): unknown;
  };
}

export interface TransactionOptions {
  /** Reads only: one consistent snapshot, without taking the write lock. Default false. */
  readOnly?: boolean;
  /**
   * The work pauses (`pause()`) so other requests are served meanwhile. On SQLite the
   * transaction then stays open across turns of the event loop on a connection of its own, so
   * every other write (transactions, `changes`, writing `query`s) waits until it ends; reads go
   * on and see what was committed before it. With `readOnly` on SQLite it takes no lock and
   * holds off nothing: it reads one snapshot on a connection of its own. Default false: the
   * transaction runs to its end without yielding.
   */
  pauses?: boolean;
}

/**
 * The database seam every repository goes through, on SQLite or PostgreSQL. Queries are built
 * with `db` from `tables`; the methods run them.
 */
export interface Database {
  readonly dialect: Dialect;
  readonly db: Db;
  readonly tables: Tables;
  all<T>(query: { all(): T[] }): Promise<T[]>;
  first<T>(query: { get(): T }): Promise<T>;
  changes(query: { run(): unknown }): Promise<number>;
  /** A hand-written query with `?` placeholders. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  prepare<TAll, TGet>(name: string, query: PreparableQuery<TAll, TGet>): Prepared<TAll, TGet>;
  /**
   * Runs `work` in one transaction: on SQLite an IMMEDIATE (write) or DEFERRED (read-only)
   * transaction run to its end without yielding, so nothing else on the connection interleaves;
   * on PostgreSQL a transaction on one pooled connection, retried on serialization failures.
   * With `pauses`, the work's `pause()` steps let other requests run (see TransactionOptions).
   */
  transaction<T>(work: (db: Db) => Work<T>, options?: TransactionOptions): Promise<T>;
  /** Answers when the database does (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface SqliteDatabase extends Database {
  readonly dialect: "sqlite";
  readonly sqlite: BetterSqlite3.Database;
}

/** Runs a transaction's steps to the end with `execute`, handing errors back to the work. */
export function driveSync<T>(work: Work<T>, execute: (step: Step) => unknown): T {
  let next = work.next();
  while (!next.done) {
    let answer: unknown;
    try {
      answer = execute(next.value);
    } catch (error) {
      next = work.throw(error);
      continue;
    }
    next = work.next(answer);
  }
  return next.value;
}

/** The same as `driveSync`, awaiting each step. */
export async function driveAsync<T>(
  work: Work<T>,
  execute: (step: Step) => Promise<unknown>,
): Promise<T> {
  let next = work.next();
  while (!next.done) {
    let answer: unknown;
    try {
      answer = await execute(next.value);
    } catch (error) {
      next = work.throw(error);
      continue;
    }
    next = work.next(answer);
  }
  return next.value;
}
