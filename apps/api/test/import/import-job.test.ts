import type { ImportJobView } from "@ledgerline/contracts";
import { runImportJob, importJobMessages } from "@ledgerline/api/import/import-jobs";
import type { ImportProgressEvent } from "@ledgerline/api/import/import-progress";
import { describe, expect, it } from "vitest";
import type { TestAppOptions } from "../support/test-app";
import {
  cancelImport,
  cancelOnFirstWrite,
  cancelWhileAheadWrites,
  holdingsOf,
  importers,
  jobCall,
  ledgerlineCsv,
  startImport,
  streamEvents,
} from "./import-job-support";

const importingUser = importers();

async function importer(options: TestAppOptions = {}) {
  const me = await importingUser(options);
  /** Every progress report of the job, as the worker sends it. */
  const reports = (id: number) => {
    const heard: ImportProgressEvent[] = [];
    me.t.app.deps.importProgress.watch(id, (event) => heard.push(event));
    return heard;
  };
  return { ...me, reports };
}

const ROWS = 3_000;

describe("an import run as a job", () => {
  it("answers the queued job at once, reports rows written of the total, and keeps the summary", async () => {
    const { t, user, start, status, reports } = await importer();
    const started = await start(ledgerlineCsv(ROWS));
    expect(started.status).toBe(200);
    expect(started.data).toMatchObject({ status: "queued", done: 0, result: null });
    const heard = reports(started.data.id);
    await t.settled();

    const writing = heard.filter((event) => event.status === "writing");
    expect(writing.length).toBeGreaterThan(3);
    expect(writing.at(-1)).toMatchObject({ done: ROWS, total: ROWS });
    // Rows done only grow, batch by batch.
    const done = writing.map((event) => event.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(heard.at(-1)?.status).toBe("done");

    const finished = await status(started.data.id);
    expect(finished.data).toMatchObject({
      status: "done",
      done: ROWS,
      total: ROWS,
      result: { imported: ROWS, duplicates: 0, errors: 0 },
      error: null,
    });
    expect((await holdingsOf(t, user.id)).trades).toHaveLength(ROWS);
    // The page finds it again after being left.
    const latest = await jobCall(t, "query", "import.latest", undefined, user.token);
    expect(latest.data).toEqual(finished.data);
    // The file itself is not kept once the job ended.
    const [row] = await t.sql<{ input: unknown }>("SELECT input FROM import_jobs WHERE id = ?", [
      started.data.id,
    ]);
    expect(row?.input).toBeNull();
  });

  it("streams the job's progress through the live stream until it ends", async () => {
    const { t, user, start } = await importer();
    const started = await start(ledgerlineCsv(ROWS));
    const stream = await t.request("GET", "/api/trpc/import.progress", {
      token: user.token,
      query: { input: JSON.stringify({ id: started.data.id }) },
    });
    expect(stream.status).toBe(200);
    const events = streamEvents<ImportJobView>(stream.text).filter((event) => "status" in event);
    expect(events.some((event) => event.status === "writing" && event.done > 0)).toBe(true);
    expect(events.at(-1)).toMatchObject({ status: "done", done: ROWS, result: { imported: ROWS } });
  });

  it("cancelled while writing, leaves the user's trades and positions exactly as they were", async () => {
    const { t, user, start, status, buy } = await importer();
    await buy("STOCK", "AAPL", "5", "180", "2025-06-02T15:00:00Z");
    const before = await holdingsOf(t, user.id);
    const started = await start(ledgerlineCsv(ROWS * 2));
    const cancelled = cancelOnFirstWrite(t, started.data.id, user.token);
    await t.settled();
    await cancelled();

    const ended = await status(started.data.id);
    expect(ended.data).toMatchObject({ status: "cancelled", result: null });
    expect(await holdingsOf(t, user.id)).toEqual(before);
    // A cancel after the end changes nothing.
    const again = await cancelImport(t, started.data.id, user.token);
    expect(again.data.status).toBe("cancelled");
  });

  it("cancelled before a worker takes it, never writes", async () => {
    const { t, user, start, status } = await importer();
    const { deps } = t.app;
    // The worker takes the job only once the cancel has been answered.
    let cancelAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (cancelAnswered = resolve));
    deps.jobs.handle("import", async ({ importId }, attempt) => {
      await answered;
      await runImportJob(deps, importId, attempt);
    });
    const started = await start(ledgerlineCsv(50));
    const cancel = await cancelImport(t, started.data.id, user.token);
    expect(cancel.status).toBe(200);
    cancelAnswered();
    await t.settled();
    expect((await status(started.data.id)).data.status).toBe("cancelled");
    expect((await holdingsOf(t, user.id)).trades).toHaveLength(0);
  });

  it("queued behind another user's import, is cancelled at once and its worker writes nothing", async () => {
    const { t, user, start, status, reports } = await importer();
    // One import per user at a time: the one ahead in the queue is another user's.
    const other = await t.registerUser();
    const ahead = await startImport(t, other.token, ledgerlineCsv(ROWS));
    const queued = await start(ledgerlineCsv(50, ["NVDA"]));
    const heard = reports(queued.data.id);
    const cancelled = cancelWhileAheadWrites(t, ahead.data.id, queued.data.id, user.token);
    await t.settled();
    const answer = await cancelled();

    // Answered ended, not "queued" until the worker reached it.
    expect(answer?.data).toMatchObject({ status: "cancelled", result: null });
    expect(answer?.data.finishedAt).not.toBeNull();
    expect(heard.map((event) => event.status)).toEqual(["cancelled"]);
    expect((await status(queued.data.id)).data.status).toBe("cancelled");
    expect((await status(ahead.data.id, other.token)).data).toMatchObject({
      status: "done",
      done: ROWS,
    });
    expect((await holdingsOf(t, other.id)).trades).toHaveLength(ROWS);
    expect((await holdingsOf(t, user.id)).trades).toHaveLength(0);
  });

  it("is the user's own: another user can neither see, watch nor cancel it", async () => {
    const { t, start, status } = await importer();
    const started = await start(ledgerlineCsv(50));
    await t.settled();
    const stranger = await t.registerUser();
    const id = started.data.id;
    for (const [kind, path] of [
      ["query", "import.status"],
      ["mutation", "import.cancel"],
      ["query", "import.progress"],
    ] as const) {
      const answer = await jobCall(t, kind, path, { id }, stranger.token);
      expect(answer.status).toBe(404);
      expect(answer.message).toBe(importJobMessages.notFound);
    }
    expect((await jobCall(t, "query", "import.latest", undefined, stranger.token)).data).toBeNull();
    expect((await status(id)).data.status).toBe("done");
  });

  it("fails a file with error rows unless skipInvalid, writing nothing", async () => {
    const { t, user, start, status } = await importer();
    const csv = `${ledgerlineCsv(20)}2020-02-01T15:00:00.000Z,STOCK,NOSUCH,BUY,1,10,,\n`;
    const started = await start(csv, false);
    await t.settled();
    const ended = await status(started.data.id);
    expect(ended.data.status).toBe("failed");
    expect(ended.data.error).toMatch(/^1 row has an error/);
    expect((await holdingsOf(t, user.id)).trades).toHaveLength(0);
  });

  it("refuses a bad request at once with a 4xx and keeps no job", async () => {
    const { t, user } = await importer();
    const generic = await jobCall(
      t,
      "mutation",
      "import.start",
      { source: "generic", csv: "a,b\n1,2\n", skipInvalid: true },
      user.token,
    );
    expect(generic.status).toBe(400);
    const account = await jobCall(
      t,
      "mutation",
      "import.start",
      { source: "ledgerline", csv: ledgerlineCsv(5), skipInvalid: true, accountId: 999_999 },
      user.token,
    );
    expect(account.status).toBe(404);
    expect(await t.sql("SELECT id FROM import_jobs")).toEqual([]);
  });
});

describe("an import job tried again", () => {
  it("writes nothing more when delivered again after its rows were committed", async () => {
    const { t, user, start, status } = await importer();
    const started = await start(ledgerlineCsv(500));
    await t.settled();
    const once = await holdingsOf(t, user.id);
    await runImportJob(t.app.deps, started.data.id, { number: 2, last: true });
    expect(await holdingsOf(t, user.id)).toEqual(once);
    expect((await status(started.data.id)).data.result?.imported).toBe(500);
  });

  it("retries a try that failed after its rows were committed without writing them again", async () => {
    const { t, user, start, status } = await importer({
      jobPolicies: { import: { backoffMs: 10 } },
    });
    const { deps } = t.app;
    const tries: number[] = [];
    deps.jobs.handle("import", async ({ importId }, attempt) => {
      tries.push(attempt.number);
      await runImportJob(deps, importId, attempt);
      if (attempt.number === 1) throw new Error("the worker lost its lock");
    });
    const started = await start(ledgerlineCsv(ROWS));
    await t.settled();
    expect(tries).toEqual([1, 2]);
    expect((await holdingsOf(t, user.id)).trades).toHaveLength(ROWS);
    expect((await status(started.data.id)).data).toMatchObject({
      status: "done",
      result: { imported: ROWS },
    });
  });

  it("removes the rows of a try that failed in the middle of writing, and the next writes them once", async () => {
    const { t, user, start, status, buy } = await importer({
      jobPolicies: { import: { backoffMs: 10 } },
    });
    await buy("STOCK", "AAPL", "5", "180", "2019-06-03T15:00:00Z");
    const { deps } = t.app;
    const writeBatch = deps.repos.portfolio.writeImportJobBatch;
    let batches = 0;
    let failed = 0;
    // The first try's third batch fails, two batches (1,000 rows) after the first were written.
    deps.repos.portfolio.writeImportJobBatch = (batch) => {
      if (++batches === 3 && failed++ === 0) throw new Error("the disk went away");
      return writeBatch(batch);
    };
    const started = await start(ledgerlineCsv(ROWS));
    await t.settled();
    expect(failed).toBe(1);
    const { trades, positions } = await holdingsOf(t, user.id);
    expect(trades).toHaveLength(ROWS + 1);
    expect(positions.find((position) => position.symbol === "AAPL")?.quantity).toBe(
      // 5 held before, plus the file's AAPL buys (2 each) less its sells (1 each), once.
      String(
        5 +
          ledgerlineCsv(ROWS)
            .split("\n")
            .filter((line) => line.includes(",AAPL,"))
            .reduce((sum, line) => sum + (line.includes(",BUY,") ? 2 : -1), 0),
      ),
    );
    expect((await status(started.data.id)).data.status).toBe("done");
  });
});
