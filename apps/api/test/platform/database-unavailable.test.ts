import { messages } from "@ledgerline/contracts";
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
