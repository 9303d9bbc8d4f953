import { describe, expect, it, vi } from "vitest";

/** Counts the loads of the PostgreSQL driver; the real one answers. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("pg", async (importOriginal) => {
  loads.count++;
  return importOriginal();
});

/**
 * Issue 35: a server on SQLite (the default, and every demo) does not hold the PostgreSQL driver
 * and Drizzle's PostgreSQL dialect; a PostgreSQL URL loads them when the database is opened.
 */
describe("the PostgreSQL driver", () => {
  it("is not loaded by opening a SQLite database, only by a PostgreSQL URL", async () => {
    const { openDatabase } = await import("../src");
    const sqlite = await openDatabase(":memory:");
    expect(sqlite.dialect).toBe("sqlite");
    await sqlite.close();
    expect(loads.count).toBe(0);

    // The pool connects on its first query: nothing listens at this address, nothing is asked.
    const postgres = await openDatabase("postgres://ledgerline@127.0.0.1:9/nothing");
    expect(postgres.dialect).toBe("postgres");
    await postgres.close();
    expect(loads.count).toBe(1);
  });
});
