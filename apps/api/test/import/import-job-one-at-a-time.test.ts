import { importJobMessages } from "@ledgerline/api/import/import-jobs";
import { dateOf } from "@ledgerline/clock";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import {
  cancelImport,
  holdingsOf,
  holdWorker,
  importers,
  ledgerlineCsv,
  startImport,
} from "./import-job-support";

const importer = importers();

const ROWS = 3_000;

describe("one import at a time per user", () => {
  it("refuses a second import with a conflict while the first is queued or writing", async () => {
    const { t, user, start, status } = await importer();
    const release = holdWorker(t);
    const first = await start(ledgerlineCsv(ROWS));
    expect(first.status).toBe(200);

    const whileQueued = await start(ledgerlineCsv(10, ["NVDA"]));
    expect(whileQueued.status).toBe(409);
    expect(whileQueued.message).toBe(importJobMessages.alreadyRunning);

    // Another try once the first has written its first rows (of several batches).
    let whileWriting: ReturnType<typeof start> | undefined;
    t.app.deps.importProgress.watch(first.data.id, (event) => {
      if (event.status === "writing" && event.done > 0 && !whileWriting) {
        whileWriting = start(ledgerlineCsv(10, ["NVDA"]));
      }
    });
    release();
    await t.settled();
    const refused = await whileWriting;
    expect(refused?.status).toBe(409);
    expect(refused?.message).toBe(importJobMessages.alreadyRunning);

    // The first is untouched by the refusals; the refused files were never kept.
    expect((await status(first.data.id)).data).toMatchObject({ status: "done", done: ROWS });
    const { trades } = await holdingsOf(t, user.id);
    expect(trades).toHaveLength(ROWS);
    expect(trades.some((trade) => trade.symbol === "NVDA")).toBe(false);
    expect(await t.sql("SELECT id FROM import_jobs")).toEqual([{ id: first.data.id }]);
  });

  it("lets the user import again once the first is done, and once one is cancelled", async () => {
    const { t, user, start, status } = await importer();
    const first = await start(ledgerlineCsv(20));
    await t.settled();
    expect((await status(first.data.id)).data.status).toBe("done");

    const release = holdWorker(t);
    const second = await start(ledgerlineCsv(10, ["NVDA"]));
    expect(second.status).toBe(200);
    expect((await cancelImport(t, second.data.id, user.token)).data.status).toBe("cancelled");

    const third = await start(ledgerlineCsv(10, ["NVDA"]));
    expect(third.status).toBe(200);
    release();
    await t.settled();
    expect((await status(third.data.id)).data).toMatchObject({ status: "done", done: 10 });
  });

  it("holds no other user's import back", async () => {
    const { t, start, status } = await importer();
    const release = holdWorker(t);
    const mine = await start(ledgerlineCsv(20));
    expect(mine.status).toBe(200);

    const other = await t.registerUser();
    const theirs = await startImport(t, other.token, ledgerlineCsv(20));
    expect(theirs.status).toBe(200);
    release();
    await t.settled();
    expect((await status(mine.data.id)).data.status).toBe("done");
    expect((await status(theirs.data.id, other.token)).data.status).toBe("done");
    expect((await holdingsOf(t, other.id)).trades).toHaveLength(20);
  });

  it("of two starts at once, takes one and refuses the other", async () => {
    const { t, user, start } = await importer();
    const release = holdWorker(t);
    const answers = await Promise.all([start(ledgerlineCsv(20)), start(ledgerlineCsv(20))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const rows = await t.sql<{ user_id: number }>("SELECT user_id FROM import_jobs");
    expect(rows.map((row) => Number(row.user_id))).toEqual([user.id]);
    release();
    await t.settled();
  });

  it("finishes at the next start an import a stopped process left writing", async () => {
    const { t, user, start, status } = await importer();
    const release = holdWorker(t);
    const left = await start(ledgerlineCsv(ROWS));
    // The process stopped half-way through the job: it says writing, and nothing will end it.
    expect(
      await t.app.deps.repos.importJobs.advance(left.data.id, ["queued"], { status: "writing" }),
    ).toBe(true);
    expect((await start(ledgerlineCsv(10, ["NVDA"]))).status).toBe(409);

    // The next process on the same database (embedded jobs: no queue kept the job).
    const next = await buildApp({
      env: t.env,
      clock: t.clock,
      logger: false,
      webRoot: false,
      marketRefresher: false,
      alertTicks: false,
    });
    try {
      await next.ready();
      await next.deps.jobs.settled();
      await next.deps.background.settled();
    } finally {
      await next.close();
    }
    expect((await status(left.data.id)).data).toMatchObject({ status: "done", done: ROWS });
    expect((await holdingsOf(t, user.id)).trades).toHaveLength(ROWS);

    // The user imports again, and the first process's held try of the job writes nothing twice.
    const again = await start(ledgerlineCsv(10, ["NVDA"]));
    expect(again.status).toBe(200);
    release();
    await t.settled();
    expect((await status(again.data.id)).data.status).toBe("done");
    const written = await t.sql<{ rows: number }>(
      "SELECT count(*) AS rows FROM transactions WHERE import_job_id = ?",
      [left.data.id],
    );
    expect(Number(written[0]!.rows)).toBe(ROWS);
  });

  it("is kept by the database, whichever process stores the second job", async () => {
    const { t, user } = await importer();
    const { importJobs } = t.app.deps.repos;
    const input = { source: "ledgerline" as const, csv: ledgerlineCsv(5), skipInvalid: true };
    const now = dateOf(t.clock);
    // The worker writing the first, as the up-front check would let a second process through.
    const first = await importJobs.create(user.id, input, now);
    expect(first).toBeDefined();
    expect(await importJobs.advance(first!.id, ["queued"], { status: "writing" })).toBe(true);
    expect(await importJobs.create(user.id, input, now)).toBeUndefined();

    const other = await t.registerUser();
    expect(await importJobs.create(other.id, input, now)).toBeDefined();
    // Once the first ended, the user's next is stored.
    await importJobs.advance(first!.id, ["writing"], { status: "failed", finishedAt: now });
    expect(await importJobs.create(user.id, input, now)).toBeDefined();
  });
});
