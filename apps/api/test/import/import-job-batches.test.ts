import type { ImportJobView } from "@ledgerline/contracts";
import type { ImportProgressEvent } from "@ledgerline/api/import/import-progress";
import { describe, expect, it } from "vitest";
import { TestClock, type TestAppOptions } from "../support/test-app";
import { cancelImport, holdingsOf, importers, ledgerlineCsv } from "./import-job-support";

/**
 * An import job writes a batch of rows per transaction, tagged with the job (decision 0059):
 * the server answers other requests between batches, the progress is heard before the end, and
 * a cancel, a failure or a retry leaves none of the job's rows behind.
 */

const importingUser = importers();

async function importer(options: TestAppOptions = {}) {
  const me = await importingUser(options);
  /** The rows any table holds of the job. */
  const tagged = async (id: number) => {
    let rows = 0;
    for (const table of ["transactions", "income_entries", "cash_activities"]) {
      const [row] = await me.t.sql<{ n: number }>(
        `SELECT count(*) AS n FROM ${table} WHERE import_job_id = ?`,
        [id],
      );
      rows += Number(row?.n ?? 0);
    }
    return rows;
  };
  /** Calls `then` once, at the job's first report of rows written but not all. */
  const midway = (id: number, then: (event: ImportProgressEvent) => void) => {
    let called = false;
    me.t.app.deps.importProgress.watch(id, (event) => {
      if (called || event.status !== "writing" || event.done === 0 || event.done === event.total)
        return;
      called = true;
      then(event);
    });
  };
  return { ...me, tagged, midway };
}

describe("an import job written batch by batch", () => {
  it("answers another user's read and write while it writes 20,000 rows, and its own poll", async () => {
    const { t, start, status, midway } = await importer();
    const other = await t.registerUser();
    const started = await start(ledgerlineCsv(20_000));
    const id = started.data.id;
    let last: ImportProgressEvent | undefined;
    t.app.deps.importProgress.watch(id, (event) => (last = event));
    const answers: Promise<{ what: string; status: number; ms: number; during: boolean }>[] = [];
    const timed = (what: string, call: () => Promise<{ status: number }>) => {
      const began = performance.now();
      answers.push(
        call().then((response) => ({
          what,
          status: response.status,
          ms: performance.now() - began,
          // Answered while the job was still writing its rows.
          during: last?.status === "writing" && last.done < last.total,
        })),
      );
    };
    let polled: ImportJobView | undefined;
    midway(id, () => {
      timed("read", () => t.request("GET", "/api/portfolio", { token: other.token }));
      timed("write", () =>
        t.request("POST", "/api/portfolio", {
          token: other.token,
          body: { symbol: "AAPL", quantity: 1, purchasePrice: 100 },
        }),
      );
      timed("poll", async () => {
        const answer = await status(id);
        polled = answer.data;
        return answer;
      });
    });
    await t.settled();
    const answered = await Promise.all(answers);
    expect(
      answered.map(({ what, status, during }) => ({ what, ok: status < 300, during })),
    ).toEqual([
      { what: "read", ok: true, during: true },
      { what: "write", ok: true, during: true },
      { what: "poll", ok: true, during: true },
    ]);
    expect(answered[0]!.ms).toBeLessThan(200);
    // The page's poll sees rows written of the total before the end.
    expect(polled).toMatchObject({ status: "writing", total: 20_000 });
    expect(polled!.done).toBeGreaterThan(0);
    expect(polled!.done).toBeLessThan(20_000);
    const ended = await status(id);
    expect(ended.data).toMatchObject({ status: "done", result: { imported: 20_000 } });
  }, 120_000);

  it("cancelled after some batches were committed, removes every row of the job", async () => {
    const { t, user, start, status, buy, tagged, midway } = await importer();
    await buy("STOCK", "AAPL", "5", "180", "2025-06-02T15:00:00Z");
    // Positions and snapshots as they were, the job's rows gone.
    const before = await holdingsOf(t, user.id);
    const started = await start(ledgerlineCsv(6_000));
    const id = started.data.id;
    let committed: Promise<number> | undefined;
    let cancelled: Promise<unknown> | undefined;
    midway(id, () => {
      committed = tagged(id);
      cancelled = committed.then(() => cancelImport(t, id, user.token));
    });
    await t.settled();
    await cancelled;
    // Rows of the job were in the tables when the cancel came.
    expect(await committed).toBeGreaterThan(0);
    expect(await tagged(id)).toBe(0);
    expect(await holdingsOf(t, user.id)).toEqual(before);
    const ended = await status(id);
    expect(ended.data).toMatchObject({ status: "cancelled", result: null });
  });

  it("a try after one that stopped half-way and left its rows, removes them first", async () => {
    const { t, user, start, status, tagged } = await importer({
      jobPolicies: { import: { backoffMs: 10 } },
    });
    const { portfolio } = t.app.deps.repos;
    const writeBatch = portfolio.writeImportJobBatch;
    const discard = portfolio.discardImportJobRows;
    let batches = 0;
    let left = -1;
    // The first try stops at its fourth batch and cannot clean up (a worker that died).
    portfolio.writeImportJobBatch = async (batch) => {
      if (++batches === 4) {
        left = await tagged(batch.jobId);
        throw new Error("the worker died");
      }
      return writeBatch(batch);
    };
    let discards = 0;
    portfolio.discardImportJobRows = (request) =>
      ++discards === 1 ? Promise.reject(new Error("the worker died")) : discard(request);
    const started = await start(ledgerlineCsv(3_000));
    await t.settled();
    expect(left).toBe(1_500);
    const { trades } = await holdingsOf(t, user.id);
    expect(trades).toHaveLength(3_000);
    expect(await tagged(started.data.id)).toBe(3_000);
    const ended = await status(started.data.id);
    expect(ended.data).toMatchObject({ status: "done", result: { imported: 3_000 } });
  });

  it("keeps the time of its last transaction as the job's end, not when its writing began", async () => {
    const clock = new TestClock();
    const { t, start, status, midway } = await importer({ clock });
    const started = await start(ledgerlineCsv(3_000));
    // A minute passes while the rows are written.
    midway(started.data.id, () => clock.advance(60_000));
    await t.settled();
    const ended = await status(started.data.id);
    expect(ended.data.status).toBe("done");
    expect(Date.parse(ended.data.finishedAt!) - Date.parse(ended.data.createdAt)).toBe(60_000);
  });

  it("on a test server, waits TEST_IMPORT_BATCH_DELAY_MS between two batches", async () => {
    const { t, start, status } = await importer({ env: { TEST_IMPORT_BATCH_DELAY_MS: "400" } });
    const started = await start(ledgerlineCsv(2_000));
    const heard: number[] = [];
    t.app.deps.importProgress.watch(started.data.id, (event) => {
      if (event.status === "writing" && event.done > 0) heard.push(performance.now());
    });
    await t.settled();
    // Four batches of 500: three held gaps between their reports.
    expect(heard).toHaveLength(4);
    for (let i = 1; i < heard.length; i++) {
      expect(heard[i]! - heard[i - 1]!).toBeGreaterThanOrEqual(390);
    }
    const ended = await status(started.data.id);
    expect(ended.data).toMatchObject({ status: "done", result: { imported: 2_000 } });
  });
});
