import { describe, expect, it } from "vitest";
import { migrateDatabase } from "../src/client";
import { createRepositories } from "../src/repositories";
import { migrationDialects } from "./support/migrations";

/**
 * The one-running-import migration (SQLite 0029, PostgreSQL 0025) on a database from before it,
 * where a user could have two jobs running: all but the user's oldest running job end failed,
 * so the partial unique index import_jobs_user_running_idx can be built; then it holds.
 */

const dialects = await migrationDialects("one-running-import");

const stoppedMessage =
  "Stopped: another import of yours was running at the same time; import the file again";

describe.each(dialects)("the one-running-import migration on $name", (dialect) => {
  it("fails all but each user's oldest running job, then builds the index", async () => {
    const database = await dialect.open();
    try {
      await migrateDatabase(database, dialect.migrationsBefore("_one_running_import"));
      const run = (sql: string, params: unknown[] = []) => database.query(sql, params);
      for (const email of ["a@example.com", "b@example.com"]) {
        await run(
          "INSERT INTO users (email, name, password_hash, created_at) VALUES (?, 'N', 'h', 1000)",
          [email],
        );
      }
      const [a, b] = (await run("SELECT id FROM users ORDER BY id")) as { id: number }[];
      const no = dialect.name === "postgres" ? false : 0;
      const job = (userId: number, status: string, createdAt: number) =>
        run(
          "INSERT INTO import_jobs (user_id, status, input, total, cancel_requested, created_at)" +
            " VALUES (?, ?, ?, 0, ?, ?)",
          [userId, status, JSON.stringify({ source: "ledgerline", csv: "x" }), no, createdAt],
        );
      // User a: one done, then two running at once (as two workers could before); b: one queued.
      await job(a!.id, "done", 1_000);
      await job(a!.id, "writing", 2_000);
      await job(a!.id, "queued", 3_000);
      await job(b!.id, "queued", 4_000);
      const before = (await run("SELECT id FROM import_jobs ORDER BY id")) as { id: number }[];
      expect(before).toHaveLength(4);
      const [done, writing, queued, theirs] = before.map((row) => Number(row.id));

      await migrateDatabase(database);

      const after = (await run(
        "SELECT id, user_id, status, input, error, finished_at FROM import_jobs ORDER BY id",
      )) as {
        id: number;
        user_id: number;
        status: string;
        input: unknown;
        error: string | null;
        finished_at: number | string | null;
      }[];
      expect(
        after.map((row) => [
          Number(row.id),
          row.status,
          row.input === null,
          row.error,
          row.finished_at === null ? null : Number(row.finished_at),
        ]),
      ).toEqual([
        [done, "done", false, null, null],
        [writing, "writing", false, null, null],
        // The newer of a's two: failed, its file let go, finished when it was created.
        [queued, "failed", true, stoppedMessage, 3_000],
        [theirs, "queued", false, null, null],
      ]);
      const running = after.filter((row) => ["queued", "checking", "writing"].includes(row.status));
      expect(running.filter((row) => Number(row.user_id) === a!.id)).toHaveLength(1);

      const index = await run(
        dialect.name === "postgres"
          ? "SELECT indexname AS name FROM pg_indexes WHERE indexname = 'import_jobs_user_running_idx'"
          : "SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'import_jobs_user_running_idx'",
      );
      expect(index).toEqual([{ name: "import_jobs_user_running_idx" }]);
      // The index holds: a second running job of either user is refused, until the first ends.
      const { importJobs } = createRepositories(database);
      const input = { source: "ledgerline" as const, csv: "x", skipInvalid: true };
      expect(await importJobs.create(a!.id, input, new Date(5_000))).toBeUndefined();
      expect(await importJobs.create(b!.id, input, new Date(5_000))).toBeUndefined();
      await importJobs.advance(writing!, ["writing"], {
        status: "done",
        finishedAt: new Date(6_000),
      });
      expect(await importJobs.create(a!.id, input, new Date(7_000))).toBeDefined();
    } finally {
      await database.close();
    }
  });
});
