import { importJobMessages } from "@ledgerline/api/import/import-jobs";
import type { ImportResult } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app";
import {
  holdingsOf,
  holdWorker,
  importers,
  ledgerlineCsv,
  startImport,
} from "./import-job-support";
import { importCall, type Door } from "./import-support";

const importer = importers();

/** The synchronous import (POST /api/import, or import.run) of a Ledgerline CSV. */
const runSync = (t: TestApp, door: Door, csv: string, token: string) =>
  importCall<ImportResult>(t, door, "run", { source: "ledgerline", csv, skipInvalid: true }, token);

/** The user's NVDA buys and sells (the calendar's split row left out). */
async function nvdaTrades(t: TestApp, userId: number) {
  const { trades } = await holdingsOf(t, userId);
  return trades.filter((trade) => trade.symbol === "NVDA" && trade.transactionType !== "SPLIT");
}

describe("the synchronous import while an import job of the user runs", () => {
  it.each<Door>(["rest", "trpc"])(
    "is refused with a conflict while the job is queued, writing nothing (%s)",
    async (door) => {
      const { t, user, start, status } = await importer();
      const release = holdWorker(t);
      const job = await start(ledgerlineCsv(20));
      expect(job.status).toBe(200);

      const refused = await runSync(t, door, ledgerlineCsv(10, ["NVDA"]), user.token);
      expect(refused.status).toBe(409);
      expect(refused.message).toBe(importJobMessages.alreadyRunning);
      expect(await nvdaTrades(t, user.id)).toEqual([]);

      release();
      await t.settled();
      expect((await status(job.data.id)).data).toMatchObject({ status: "done", done: 20 });
      // Once the job is done the same file imports.
      const after = await runSync(t, door, ledgerlineCsv(10, ["NVDA"]), user.token);
      expect(after).toMatchObject({ status: 200, data: { imported: 10 } });
      expect(await nvdaTrades(t, user.id)).toHaveLength(10);
    },
  );

  it("is refused while the job is writing its rows, between two batches", async () => {
    // Two batches of 500 rows, a held gap between them: the job is writing for a second.
    const { t, user, start, status } = await importer({
      env: { TEST_IMPORT_BATCH_DELAY_MS: "1000" },
    });
    const job = await start(ledgerlineCsv(1_000));
    expect(job.status).toBe(200);
    let refused:
      Promise<{ answer: Awaited<ReturnType<typeof runSync>>; jobStatus: string }> | undefined;
    const heard = new Promise<void>((resolve) => {
      t.app.deps.importProgress.watch(job.data.id, (event) => {
        if (event.status !== "writing" || event.done === 0 || refused) return;
        refused = runSync(t, "rest", ledgerlineCsv(10, ["NVDA"]), user.token).then(
          async (answer) => ({
            answer,
            jobStatus: (await t.app.deps.repos.importJobs.byId(user.id, job.data.id))!.status,
          }),
        );
        resolve();
      });
    });
    await heard;
    const { answer, jobStatus } = await refused!;
    // Answered while the job still wrote: the refusal was its doing, not a finished job's.
    expect(jobStatus).toBe("writing");
    expect(answer.status).toBe(409);
    expect(answer.message).toBe(importJobMessages.alreadyRunning);

    await t.settled();
    expect((await status(job.data.id)).data).toMatchObject({ status: "done", done: 1_000 });
    const { trades } = await holdingsOf(t, user.id);
    expect(trades).toHaveLength(1_000);
    expect(await nvdaTrades(t, user.id)).toEqual([]);
  });

  it("is refused when the job starts while the file is being checked", async () => {
    const { t, user } = await importer();
    const release = holdWorker(t);
    const { stocks } = t.app.deps.market;
    const lookUp = stocks.getSnapshots.bind(stocks);
    let started: Awaited<ReturnType<typeof startImport>> | undefined;
    // The synchronous import asks the market about NVDA (not held) while it checks the file:
    // the user starts a job just then.
    stocks.getSnapshots = async (symbols) => {
      started ??= await startImport(t, user.token, ledgerlineCsv(20));
      return lookUp(symbols);
    };
    const refused = await runSync(t, "rest", ledgerlineCsv(10, ["NVDA"]), user.token);
    expect(started?.status).toBe(200);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(importJobMessages.alreadyRunning);
    expect(await nvdaTrades(t, user.id)).toEqual([]);
    release();
    await t.settled();
  });

  it("is not held back by another user's job", async () => {
    const { t, start, status } = await importer();
    const release = holdWorker(t);
    const mine = await start(ledgerlineCsv(20));
    expect(mine.status).toBe(200);

    const other = await t.registerUser();
    const theirs = await runSync(t, "rest", ledgerlineCsv(10, ["NVDA"]), other.token);
    expect(theirs).toMatchObject({ status: 200, data: { imported: 10 } });
    expect(await nvdaTrades(t, other.id)).toHaveLength(10);

    release();
    await t.settled();
    expect((await status(mine.data.id)).data.status).toBe("done");
  });
});
