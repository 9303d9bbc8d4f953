import { SqliteError } from "better-sqlite3";

export function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && error.cause instanceof SqliteError ? error.cause : error;
  return (
    cause instanceof SqliteError &&
    (cause.code === "SQLITE_CONSTRAINT_UNIQUE" || cause.code === "SQLITE_CONSTRAINT_PRIMARYKEY")
  );
}
