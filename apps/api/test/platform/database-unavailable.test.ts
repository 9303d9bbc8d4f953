import { messages } from "@ledgerline/contracts";
import { openSqliteDatabase } from "@ledgerline/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let t: TestApp;
let token: string;
/** What `pg` rejects with when the server does not answer (nothing listens on port 1). */
let refused: Error;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.registerUser()).token;
  refused = await new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:1/x" })
    .connect()
    .then(
      () => new Error("port 1 answered"),
      (error: Error) => error,
    );
});
afterAll(() => t.close());

describe("a lost database connection", () => {
  it("is a 503 to retry on both doors, not a 500", async () => {
    const { transactions } = t.app.deps.repos;
    const saved = { ...transactions };
    transactions.page = () => Promise.reject(refused);
    try {
      const rest = await t.request("GET", "/api/transaction?page=1&pageSize=10", { token });
      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({ message: messages.databaseUnavailable });

      const trpc = await t.trpc("query", "transactions.list", {}, token);
      expect(trpc.status).toBe(503);
      expect(JSON.stringify(trpc.body)).toContain(messages.databaseUnavailable);
    } finally {
      Object.assign(transactions, saved);
    }
    // Once it answers again, so does the API.
    expect((await t.request("GET", "/api/transaction?page=1&pageSize=10", { token })).status).toBe(
      200,
    );
  });

  it("is a 503 too when it fails before any procedure runs (the session lookup)", async () => {
    const { sessions } = t.app.deps.repos;
    const methods = Object.keys(sessions) as (keyof typeof sessions)[];
    const saved = { ...sessions };
    for (const method of methods) {
      (sessions as Record<string, unknown>)[method] = () => Promise.reject(refused);
    }
    try {
      const rest = await t.request("GET", "/api/transaction", { token });
      expect(rest.status).toBe(503);
      expect(rest.body).toMatchObject({ message: messages.databaseUnavailable });
      const trpc = await t.trpc("query", "transactions.list", {}, token);
      expect(trpc.status).toBe(503);
    } finally {
      Object.assign(sessions, saved);
    }
  });
});

describe("a SQLite file another process keeps locked", () => {
  it("is a 503 with retry-after on both doors once the busy timeout runs out, not a 500", async (context) => {
    const { database } = t.app;
    if (database.dialect !== "sqlite") return context.skip();
    // Another process's write (a worker's, split roles on one file) holds the lock past the
    // busy timeout: 5 s in the product, 100 ms here.
    database.sqlite.pragma("busy_timeout = 100");
    const other = openSqliteDatabase(t.env.DATABASE_URL);
    other.sqlite.exec("BEGIN IMMEDIATE");
    const register = (email: string) =>
      ({ email, name: "Busy", password: "correct-horse-42" }) as const;
    try {
      const rest = await t.request("POST", "/api/auth/register", {
        body: register("busy-rest@example.com"),
      });
      expect(rest.status).toBe(503);
      expect(rest.headers["retry-after"]).toBe("1");
      expect(rest.body).toMatchObject({ message: messages.databaseUnavailable });

      const trpc = await t.trpc("mutation", "auth.register", register("busy-trpc@example.com"));
      expect(trpc.status).toBe(503);
      expect(trpc.headers["retry-after"]).toBe("1");
      expect(JSON.stringify(trpc.body)).toContain(messages.databaseUnavailable);
    } finally {
      other.sqlite.exec("ROLLBACK");
      await other.close();
      database.sqlite.pragma("busy_timeout = 5000");
    }
    // Once the other write ends, the same request goes through.
    const again = await t.request("POST", "/api/auth/register", {
      body: register("busy-rest@example.com"),
    });
    expect(again.status).toBe(200);
  });
});
