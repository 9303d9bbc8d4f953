import { createRequire } from "node:module";
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";
import type BetterSqlite3 from "better-sqlite3";
import { SqliteError } from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import type { Db } from "./database";
import { CONNECTION_PRAGMAS } from "./connection-settings";
import * as schema from "./schema";

/**
 * A SQLite connection that lives on a thread of its own, for a long write transaction (an
 * import of 200,000 trades). Its COMMIT rewrites the checksums of every WAL frame the
 * transaction wrote (130 MB for 200,000 trades: 150-400 ms) and then checkpoints that WAL into
 * the database file (another 0.6-0.8 s); its multi-row INSERTs take 20-100 ms each. On the
 * thread, all of that runs beside the event loop instead of on it. Drizzle's queries are
 * answered synchronously (the caller waits on an Atomics flag, as Drizzle's better-sqlite3
 * session expects an answer); hand-written statements and the COMMIT are awaited.
 */

type Mode = "all" | "get" | "run" | "rawAll" | "rawGet" | "statement" | "exec";

interface Request {
  id: number;
  mode: Mode;
  sql: string;
  params?: unknown[];
  pluck?: boolean;
  values?: boolean;
}

type Reply =
  { id: number; value: unknown } | { id: number; error: { message: string; code: string } };

/** The thread: one connection, opened by the first transaction and kept while they follow. */
const threadSource = `
const { workerData } = require("node:worker_threads");
const BetterSqlite3 = require(workerData.driver);
const { syncPort, asyncPort, flag, url } = workerData;
const signal = new Int32Array(flag);
let sqlite = null;
const statements = new Map();
function open() {
  sqlite = new BetterSqlite3(url);
  for (const pragma of workerData.pragmas) sqlite.pragma(pragma);
}
function statement(sql, kind) {
  const key = kind + ":" + sql;
  let found = statements.get(key);
  if (!found) {
    found = sqlite.prepare(sql);
    if (kind === "pluck") found.pluck();
    if (kind === "raw") found.raw(true);
    statements.set(key, found);
  }
  return found;
}
function answer(request) {
  const params = request.params || [];
  switch (request.mode) {
    case "exec":
      if (request.sql === "OPEN") { if (!sqlite) open(); return null; }
      if (request.sql === "CLOSE") { statements.clear(); if (sqlite) sqlite.close(); sqlite = null; return null; }
      sqlite.exec(request.sql);
      return sqlite.inTransaction;
    case "all": return statement(request.sql, "rows").all(...params);
    case "get": return statement(request.sql, "rows").get(...params);
    case "run": { const info = statement(request.sql, "rows").run(...params); return { changes: info.changes, lastInsertRowid: info.lastInsertRowid }; }
    case "rawAll": return statement(request.sql, "raw").all(...params);
    case "rawGet": return statement(request.sql, "raw").get(...params);
    case "statement": {
      let s = statement(request.sql, request.pluck ? "pluck" : "rows");
      if (request.values && s.reader) s = statement(request.sql, "raw");
      if (s.reader) return s.all(...params);
      s.run(...params);
      return [];
    }
  }
}
function serve(port, sync) {
  port.on("message", (request) => {
    let reply;
    try {
      reply = { id: request.id, value: answer(request) };
    } catch (error) {
      reply = { id: request.id, error: { message: String(error && error.message), code: String(error && error.code) } };
    }
    port.postMessage(reply);
    if (sync) { Atomics.store(signal, 0, 1); Atomics.notify(signal, 0); }
  });
}
serve(syncPort, true);
serve(asyncPort, false);
`;

const driverPath = createRequire(import.meta.url).resolve("better-sqlite3");
/** How long a synchronous query may wait for the thread before it is given up as dead. */
const SYNC_TIMEOUT_MS = 60_000;

export interface WorkerConnection {
  /** Drizzle on this connection: its queries run on the thread, answered synchronously. */
  readonly db: Db;
  /** Runs SQL on the thread, awaited (BEGIN, COMMIT, ROLLBACK); answers whether a transaction is open. */
  exec(sql: string): Promise<boolean>;
  /**
   * A hand-written statement (`?` placeholders), awaited: rows if it reads (with `values`, as
   * arrays of their columns' values), else none.
   */
  statement(
    sql: string,
    params: readonly unknown[],
    pluck: boolean,
    values?: boolean,
  ): Promise<unknown[]>;
  /** Opens the connection on the thread unless it is open, closed by `close`. */
  open(): Promise<void>;
  close(): Promise<void>;
  /** Ends the thread. */
  terminate(): Promise<void>;
}

const toError = (error: { message: string; code: string }) =>
  new SqliteError(error.message, error.code);

/** Starts the thread with its two channels and the flag a synchronous call waits on. */
function startThread(url: string) {
  const sync = new MessageChannel();
  const async = new MessageChannel();
  const flag = new SharedArrayBuffer(4);
  const worker = new Worker(threadSource, {
    eval: true,
    workerData: {
      driver: driverPath,
      pragmas: CONNECTION_PRAGMAS,
      syncPort: sync.port2,
      asyncPort: async.port2,
      flag,
      url,
    },
    transferList: [sync.port2, async.port2],
  });
  // The thread must not keep a process alive that is otherwise done.
  worker.unref();
  return { worker, sync, async, signal: new Int32Array(flag) };
}

export function openWorkerConnection(url: string): WorkerConnection {
  const { worker, sync, async, signal } = startThread(url);
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  let failed: Error | null = null;
  worker.on("error", (error) => {
    failed = error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  });
  async.port1.on("message", (reply: Reply) => {
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    if ("error" in reply) pending.reject(toError(reply.error));
    else pending.resolve(reply.value);
  });
  async.port1.unref();

  function callSync(request: Omit<Request, "id">): unknown {
    if (failed) throw failed;
    Atomics.store(signal, 0, 0);
    sync.port1.postMessage({ ...request, id: ++nextId });
    if (Atomics.wait(signal, 0, 0, SYNC_TIMEOUT_MS) === "timed-out") {
      throw new Error("The database thread did not answer");
    }
    const reply = receiveMessageOnPort(sync.port1)?.message as Reply | undefined;
    if (!reply) throw new Error("The database thread did not answer");
    if ("error" in reply) throw toError(reply.error);
    return reply.value;
  }

  function callAsync(request: Omit<Request, "id">): Promise<unknown> {
    if (failed) return Promise.reject(failed);
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      async.port1.ref();
      async.port1.postMessage({ ...request, id });
    }).finally(() => {
      if (waiting.size === 0) async.port1.unref();
    });
  }

  /** What Drizzle's better-sqlite3 session calls on its client, answered by the thread. */
  const client = {
    prepare(sql: string) {
      const statement = (raw: boolean) => ({
        all: (...params: unknown[]) => callSync({ mode: raw ? "rawAll" : "all", sql, params }),
        get: (...params: unknown[]) => callSync({ mode: raw ? "rawGet" : "get", sql, params }),
        run: (...params: unknown[]) => callSync({ mode: "run", sql, params }),
        raw: () => statement(true),
      });
      return statement(false);
    },
  } as unknown as BetterSqlite3.Database;

  return {
    db: drizzle({ client, schema }),
    exec: async (sql) => (await callAsync({ mode: "exec", sql })) as boolean,
    statement: async (sql, params, pluck, values) =>
      (await callAsync({
        mode: "statement",
        sql,
        params: [...params],
        pluck,
        values,
      })) as unknown[],
    open: async () => {
      await callAsync({ mode: "exec", sql: "OPEN" });
    },
    close: async () => {
      await callAsync({ mode: "exec", sql: "CLOSE" });
    },
    terminate: async () => {
      // Its connection closed first: statements finalized and the file released in order, not
      // left to the thread's end.
      if (!failed) await callAsync({ mode: "exec", sql: "CLOSE" }).catch(() => undefined);
      sync.port1.close();
      async.port1.close();
      await worker.terminate();
    },
  };
}
