import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { dateOf } from "@ledgerline/clock";
import type { ImportResult } from "@ledgerline/contracts";
import type { ImportJobFinishOutcome } from "@ledgerline/db";
import type { AppDeps } from "../platform/scope";
import { ImportCancelled, type RunningImport } from "./import-progress";
import type { writablePlan } from "./service";

/**
 * How an import job writes its rows (decision 0059): a transaction per batch of rows tagged
 * with the job, a turn of the event loop between batches (so the progress reports, the page's
 * polls and every other request are answered while it writes), then one last transaction that
 * applies the trades to the positions and marks the job done with its summary.
 */

/** Rows per batch: one short transaction each (the multi-row INSERT's size, import.ts). */
const BATCH_ROWS = 500;

type Plan = Awaited<ReturnType<typeof writablePlan>>;

export interface JobWrite {
  jobId: number;
  userId: number;
  accountId: number;
  now: Date;
  plan: Plan;
  running: RunningImport;
  /** Rows written so far, after each batch. */
  progress(done: number): void;
  result(written: { imported: number; incomeAdded: number; cashAdded: number }): ImportResult;
}

export type JobWriteOutcome = ImportJobFinishOutcome;

/** The plan's rows as batches, trades first (in the order they apply), then dividends, then cash. */
function* batchesOf(plan: Plan) {
  for (let start = 0; start < plan.trades.length; start += BATCH_ROWS) {
    yield { trades: plan.trades.slice(start, start + BATCH_ROWS) };
  }
  for (let start = 0; start < plan.income.length; start += BATCH_ROWS) {
    yield { income: plan.income.slice(start, start + BATCH_ROWS) };
  }
  for (let start = 0; start < plan.cash.length; start += BATCH_ROWS) {
    yield { cash: plan.cash.slice(start, start + BATCH_ROWS) };
  }
}

/**
 * Writes the job's rows batch by batch, then finishes it. Throws ImportCancelled once a cancel
 * is heard between two batches; the rows written by then are the caller's to discard.
 */
export async function writeJobRows(deps: AppDeps, job: JobWrite): Promise<JobWriteOutcome> {
  const { portfolio } = deps.repos;
  const target = { userId: job.userId, accountId: job.accountId, jobId: job.jobId, now: job.now };
  let done = 0;
  let incomeAdded = 0;
  let cashAdded = 0;
  const hold = deps.config.testImportBatchDelayMs ?? 0;
  for (const batch of batchesOf(job.plan)) {
    // End-to-end tests only (TEST_IMPORT_BATCH_DELAY_MS): a held gap before each batch but the first.
    if (hold > 0 && done > 0) await sleep(hold);
    if (job.running.cancelled) throw new ImportCancelled();
    const written = await portfolio.writeImportJobBatch({ ...target, ...batch });
    if (!written.ok) return written;
    incomeAdded += written.incomeAdded;
    cashAdded += written.cashAdded;
    done += (batch.trades ?? batch.income ?? batch.cash).length;
    job.progress(done);
    // The batch's transaction answered within this turn on SQLite: the next waits a turn.
    await nextTurn();
  }
  if (job.running.cancelled) throw new ImportCancelled();
  return portfolio.finishImportJobRows({
    ...target,
    // The job ends now, not when its writing began: its finishedAt (and the positions' stamp) is
    // the time of this last transaction.
    now: dateOf(deps.clock),
    trades: job.plan.trades,
    checkedAfter: job.plan.checkedAfter,
    cashCheckedAfter: job.plan.cashCheckedAfter,
    result: job.result({ imported: job.plan.trades.length, incomeAdded, cashAdded }),
  });
}
