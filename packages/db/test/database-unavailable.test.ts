import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../src";
import { openTestPostgresDatabase, testDialects } from "../src/testing";

const onPostgres = (await testDialects("the lost-connection tests")).some(
  (dialect) => dialect.name === "postgres",
);

/** The error a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe.runIf(onPostgres)("what counts as a lost database connection (PostgreSQL)", () => {
  it("a server that refuses connections, and a connection ended under its session", async () => {
    // Nothing listens on port 1: what a stopped server looks like to a client.
    const refused = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:1/x" });
    expect(isDatabaseUnavailable(await failure(refused.connect()))).toBe(true);

    const database = await openTestPostgresDatabase();
    const victim = new pg.Client({ connectionString: database.url });
    victim.on("error", () => {});
    await victim.connect();
    try {
      const [{ pid }] = (await victim.query<{ pid: number }>("SELECT pg_backend_pid() AS pid"))
        .rows as [{ pid: number }];
      // What a restart or failover does to open connections: 57P01, then a dead socket.
      await database.query("SELECT pg_terminate_backend(?)", [pid]);
      expect(isDatabaseUnavailable(await failure(victim.query("SELECT 1")))).toBe(true);
      expect(isDatabaseUnavailable(await failure(victim.query("SELECT 1")))).toBe(true);
    } finally {
      await victim.end().catch(() => undefined);
      await database.close();
    }
  });

  it("not a statement that failed on its own: bad SQL, a broken constraint", async () => {
    const database = await openTestPostgresDatabase();
    try {
      expect(isDatabaseUnavailable(await failure(database.query("SELEC 1")))).toBe(false);
      await database.query(
        "INSERT INTO users (email, name, password_hash, created_at) VALUES ('a@b.c', 'A', 'h', 0)",
      );
      const duplicate = await failure(
        database.query(
          "INSERT INTO users (email, name, password_hash, created_at) VALUES ('a@b.c', 'A', 'h', 0)",
        ),
      );
      expect(isDatabaseUnavailable(duplicate)).toBe(false);
      expect(isDatabaseUnavailable(new Error("anything else"))).toBe(false);
    } finally {
      await database.close();
    }
  });
});
