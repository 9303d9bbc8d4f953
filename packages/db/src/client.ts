import { mkdirSync } from "node:fs";
import { dirname, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  driveAsync,
  driveSync,
  type Db,
  type SqliteDatabase,
  type Step,
  type TransactionOptions,
  type Work,
} from "./database";
import { CONNECTION_PRAGMAS } from "./connection-settings";
import type { PostgresDatabase } from "./postgres";
import * as schema from "./schema";
import { openWorkerConnection, type WorkerConnection } from "./worker-connection";

/** Drizzle's query builder; repositories build with it on either dialect (see database.ts). */
export type { Db };

/** The committed migrations of this package, as folder paths per dialect. */
export const defaultMigrationsFolder = fileURLToPath(new URL("../drizzle", import.meta.url));
export const defaultPostgresMigrationsFolder = fileURLToPath(
  new URL("../drizzle-pg", import.meta.url),
);

/** Either dialect's database. */
export type AnyDatabase = SqliteDatabase | PostgresDatabase;

/** Whether DATABASE_URL names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

interface SqliteQuery {
  all(): unknown;
  get(): unknown;
  run(): { changes: number };
}

/** A built query's step, run by the connection its query was built on. */
function runQuery(step: Extract<Step, { query: unknown }>): unknown {
  const query = step.query as SqliteQuery;
  switch (step.read) {
    case "all":
      return query.all();
    case "first":
    case "lock":
      return query.get();
    case "changes":
      return query.run().changes;
  }
}

/** One SQLite connection with the settings the product relies on, its Drizzle and its steps. */
type SqliteConnection = ReturnType<typeof sqliteConnection>;

function sqliteConnection(url: string) {
  const sqlite = new BetterSqlite3(url);
  for (const pragma of CONNECTION_PRAGMAS) sqlite.pragma(pragma);
  const db = drizzle({ client: sqlite, schema });

  const statements = new Map<string, BetterSqlite3.Statement>();
  function rawStatement(sql: string, pluck: boolean, values = false): BetterSqlite3.Statement {
    const key = `${pluck ? "p" : values ? "v" : "r"}:${sql}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = sqlite.prepare(sql);
      if (pluck) statement.pluck();
      else if (values && statement.reader) statement.raw(true);
      statements.set(key, statement);
    }
    return statement;
  }

  function execute(step: Step): unknown {
    if (step.read === "raw") {
      const statement = rawStatement(step.sql, step.pluck, step.values);
      if (statement.reader) return statement.all(...step.params);
      statement.run(...step.params);
      return [];
    }
    // A transaction that runs to its end in one go has no turn to give up.
    if (step.read === "pause") return undefined;
    return runQuery(step);
  }

  return { sqlite, db, execute, rawStatement };
}

/**
 * Runs `work` in a transaction BEGUN and COMMITted by hand, its pauses turns of the event loop;
 * on `own` connection (closed after, so its page cache is not kept), else the shared one.
 */
async function acrossTurns<T>(
  shared: SqliteConnection,
  own: SqliteConnection | null,
  begin: string,
  work: (db: Db) => Work<T>,
): Promise<T> {
  const connection = own ?? shared;
  try {
    connection.sqlite.exec(begin);
    try {
      const result = await driveAsync(work(connection.db), async (step) =>
        step.read === "pause" ? nextTurn() : connection.execute(step),
      );
      connection.sqlite.exec("COMMIT");
      return result;
    } catch (error) {
      if (connection.sqlite.inTransaction) connection.sqlite.exec("ROLLBACK");
      throw error;
    }
  } finally {
    own?.sqlite.close();
  }
}

/**
 * Runs `work` as `acrossTurns` does, on a connection on a thread of its own: its statements
 * and its COMMIT (with the checkpoint that follows a large one) run beside the event loop.
 * Drizzle's queries wait for their answer; the hand-written statements (an import's INSERTs)
 * and the COMMIT are awaited, so other requests are answered while they run.
 */
async function acrossTurnsOnThread<T>(
  connection: WorkerConnection,
  work: (db: Db) => Work<T>,
): Promise<T> {
  await connection.open();
  try {
    await connection.exec("BEGIN IMMEDIATE");
    const result = await driveAsync(work(connection.db), async (step) => {
      if (step.read === "pause") return nextTurn();
      if (step.read === "raw") {
        return connection.statement(step.sql, step.params, step.pluck, step.values);
      }
      return runQuery(step);
    });
    await connection.exec("COMMIT");
    return result;
  } catch (error) {
    // A failed transaction leaves nothing behind: rolled back, and its connection closed.
    try {
      if (await connection.exec("")) await connection.exec("ROLLBACK");
    } finally {
      await connection.close();
    }
    throw error;
  }
}

/**
 * How long the thread's connection stays open after its last transaction. An import job's
 * batches follow each other within a turn or two, and each one that opened a connection of its
 * own started with a cold page cache and no prepared statements (8.0 s of a 100,000-row job's
 * 28.3 s went on the batches' statements). Closed once idle, so its page cache (up to 32 MiB)
 * is not held by a server that imports nothing.
 */
const THREAD_IDLE_MS = 2_000;

/** Closes the thread's connection once no pausing write has used it for THREAD_IDLE_MS. */
function closeWhenIdle(state: SqliteState, thread: WorkerConnection): void {
  state.threadIdle = setTimeout(() => {
    state.threadIdle = null;
    thread.close().catch(() => undefined);
  }, THREAD_IDLE_MS);
  // An idle connection must not keep a process alive that is otherwise done.
  state.threadIdle.unref();
}

/**
 * Opens (creating if needed) a SQLite database. Requests share one connection; a pausing
 * transaction (TransactionOptions.pauses) of a database file gets a connection of its own for
 * its duration, so the reads answered while it pauses see only what was committed (WAL), never
 * the rows of an import still under way, which may yet roll back. An in-memory database has no
 * second connection: there, reads meanwhile share the transaction's.
 */
/**
 * What the queries and transactions of one SQLite connection share. `gate.pausing` settles when
 * the open pausing transaction (TransactionOptions.pauses) ends; null when none is open. Every
 * write on this one connection waits for it first: run meanwhile, it would become part of that
 * transaction and be rolled back with it (in-memory), or wait on the event loop's thread for a
 * lock held by a transaction that needs the event loop to end (a file, see FileGate).
 */
interface SqliteState {
  url: string;
  shared: SqliteConnection;
  gate: FileGate;
  /** The thread of the long write transactions, started by the first (worker-connection.ts). */
  thread: WorkerConnection | null;
  /** The timer that closes the thread's connection once idle (closeWhenIdle). */
  threadIdle: NodeJS.Timeout | null;
}

/**
 * What every database opened on one file in this process waits on: `pausing` of SqliteState,
 * shared. Writes on the event loop's thread wait for the file's write lock synchronously (the
 * busy timeout), so a write on one database, met while another database of the same process
 * held the lock in a pausing transaction, held the very event loop that transaction needed to
 * go on: both stood still for the 5 s busy timeout and the write failed with SQLITE_BUSY (two
 * apps on one file in one process, as the split-role tests run them). A separate process
 * waits only for the other's COMMIT.
 */
interface FileGate {
  pausing: Promise<void> | null;
  /** Databases open on the file: the gate is forgotten with the last. */
  open: number;
}

const fileGates = new Map<string, FileGate>();

function gateOf(url: string): FileGate {
  // An in-memory database is one connection's own: nothing else can share it.
  if (url === ":memory:") return { pausing: null, open: 1 };
  const path = resolvePath(url);
  const gate = fileGates.get(path) ?? { pausing: null, open: 0 };
  gate.open += 1;
  fileGates.set(path, gate);
  return gate;
}

function leaveGate(url: string, gate: FileGate): void {
  gate.open -= 1;
  if (url !== ":memory:" && gate.open === 0) fileGates.delete(resolvePath(url));
}

// Every write waits with `while (state.gate.pausing) await state.gate.pausing` right before it
// runs, in the same turn: a check a microtask early lets two writers waiting on one transaction
// both go on (a second pausing transaction then waits out SQLite's busy timeout in BEGIN IMMEDIATE,
// holding the event loop, while the first cannot finish).
/** Whether a built query only reads (checked only while a pausing transaction is open). */
const onlyReads = (query: unknown) =>
  /^\s*(select|with)\b/i.test((query as { toSQL(): { sql: string } }).toSQL().sql);

/** The one-statement methods of a SQLite database: reads go on, writes wait for `pausing`. */
function sqliteQueries(
  state: SqliteState,
): Pick<SqliteDatabase, "all" | "first" | "changes" | "query" | "prepare"> {
  const { rawStatement } = state.shared;
  return {
    async all(query) {
      // An INSERT ... RETURNING reads its rows back too, and must wait like any write.
      while (state.gate.pausing && !onlyReads(query)) await state.gate.pausing;
      return query.all();
    },
    async first(query) {
      while (state.gate.pausing && !onlyReads(query)) await state.gate.pausing;
      return query.get();
    },
    async changes(query) {
      while (state.gate.pausing) await state.gate.pausing;
      return (query as SqliteQuery).run().changes;
    },
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const statement = rawStatement(sql, false);
      if (statement.reader && /^\s*(select|with)\b/i.test(sql)) {
        return statement.all(...params) as T[];
      }
      while (state.gate.pausing) await state.gate.pausing;
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    },
    prepare(_name, query) {
      const prepared = query.prepare();
      return {
        all: async (values) => {
          while (state.gate.pausing && !onlyReads(query)) await state.gate.pausing;
          return prepared.all(values);
        },
        first: async (values) => {
          while (state.gate.pausing && !onlyReads(query)) await state.gate.pausing;
          return prepared.get(values);
        },
        changes: async (values) => {
          while (state.gate.pausing) await state.gate.pausing;
          return (prepared.run(values) as { changes: number }).changes;
        },
      };
    },
  };
}

/** A SQLite transaction: see Database.transaction and TransactionOptions. */
async function sqliteTransaction<T>(
  state: SqliteState,
  work: (db: Db) => Work<T>,
  options: TransactionOptions,
): Promise<T> {
  const { url, shared } = state;
  const { sqlite, db, execute } = shared;
  // A read that pauses gets a connection of its own: in WAL its snapshot holds no lock that
  // a writer waits on, so it may stay open across turns while everything else goes on.
  if (options.readOnly && options.pauses && url !== ":memory:") {
    return acrossTurns(shared, sqliteConnection(url), "BEGIN", work);
  }
  if (options.readOnly) {
    return sqlite.transaction(() => driveSync(work(db), execute)).deferred();
  }
  while (state.gate.pausing) await state.gate.pausing;
  if (!options.pauses) {
    return sqlite.transaction(() => driveSync(work(db), execute)).immediate();
  }
  // Open across turns of the event loop, other writers held off.
  let ended!: () => void;
  state.gate.pausing = new Promise((resolve) => (ended = resolve));
  try {
    if (url === ":memory:") return await acrossTurns(shared, null, "BEGIN IMMEDIATE", work);
    const thread = (state.thread ??= openWorkerConnection(url));
    if (state.threadIdle) clearTimeout(state.threadIdle);
    state.threadIdle = null;
    const result = await acrossTurnsOnThread(thread, work);
    closeWhenIdle(state, thread);
    return result;
  } finally {
    state.gate.pausing = null;
    ended();
  }
}

export function openSqliteDatabase(url: string): SqliteDatabase {
  if (url !== ":memory:") mkdirSync(dirname(url), { recursive: true });
  const shared = sqliteConnection(url);
  const { sqlite, db } = shared;
  const state: SqliteState = {
    url,
    shared,
    gate: gateOf(url),
    thread: null,
    threadIdle: null,
  };
  return {
    dialect: "sqlite",
    db,
    tables: schema,
    sqlite,
    ...sqliteQueries(state),
    transaction: (work, options = {}) => sqliteTransaction(state, work, options),
    async ping() {
      sqlite.prepare("SELECT 1").get();
    },
    async close() {
      if (state.threadIdle) clearTimeout(state.threadIdle);
      await state.thread?.terminate();
      sqlite.close();
      leaveGate(url, state.gate);
    },
  };
}

/**
 * Opens the database DATABASE_URL names: `postgres://...` selects PostgreSQL, anything else is a
 * SQLite file path (or `:memory:`). The PostgreSQL driver and Drizzle's PostgreSQL dialect load
 * only here, for a PostgreSQL URL: a server on SQLite never holds them (issue 35; the server's
 * build puts ./postgres in a chunk of its own).
 */
export async function openDatabase(url: string): Promise<AnyDatabase> {
  if (!isPostgresUrl(url)) return openSqliteDatabase(url);
  const { openPostgresDatabase } = await import("./postgres");
  return openPostgresDatabase(url);
}

/** Applies the committed migrations of the database's dialect (default: this package's). */
export async function migrateDatabase(
  database: AnyDatabase,
  migrationsFolder?: string,
): Promise<void> {
  if (database.dialect === "postgres") {
    await database.migrate(migrationsFolder ?? defaultPostgresMigrationsFolder);
  } else {
    migrate(database.db, { migrationsFolder: migrationsFolder ?? defaultMigrationsFolder });
  }
}

/** An online, consistent copy of the live database (safe while the server runs). */
export async function backupDatabase(database: SqliteDatabase, destination: string): Promise<void> {
  mkdirSync(dirname(destination), { recursive: true });
  await database.sqlite.backup(destination);
}
