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
