import { SqliteError } from "better-sqlite3";

/** A unique or primary-key constraint refused the write (SQLite or PostgreSQL, 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof SqliteError) {
      return (
        cause.code === "SQLITE_CONSTRAINT_UNIQUE" || cause.code === "SQLITE_CONSTRAINT_PRIMARYKEY"
      );
    }
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** Node's socket errors that mean the database server cannot be reached. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
/** SQLSTATEs of a server that is shutting down, restarting or full (class 08: connection). */
const SERVER_UNAVAILABLE = new Set(["57P01", "57P02", "57P03", "53300"]);
/** What `pg` says when a connection dies under a query or the pool cannot hand one out. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * SQLite's file stayed locked by another process's write past the busy timeout (SQLITE_BUSY and
 * its extended codes): split roles on one file, a worker's long write.
 */
const SQLITE_BUSY = /^SQLITE_BUSY(_|$)/;

/**
 * The database could not be reached or dropped the connection (PostgreSQL), or stayed busy
 * (SQLite): a fault of the moment, worth a 503 and a retry, not a 500. A statement that failed
 * on its own merits is not.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") {
      if (
        UNREACHABLE.has(code) ||
        SERVER_UNAVAILABLE.has(code) ||
        code.startsWith("08") ||
        SQLITE_BUSY.test(code)
      ) {
        return true;
      }
    }
    if (LOST_CONNECTION.test(cause.message)) return true;
  }
  return false;
}
