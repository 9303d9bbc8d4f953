import { setImmediate as nextTurn } from "node:timers/promises";
import type { ImportResult } from "@ledgerline/contracts";
import type { Decimal } from "@ledgerline/money";
import { eq } from "drizzle-orm";
import type { Database, Db, Tables } from "../../database";
import { first, raw, type Work } from "../../database";
import { finishImportJob } from "../import-jobs";
import { markSnapshotsStale } from "../snapshots";
import {
  heldPositions,
  insertCash,
  insertIncome,
  insertTradeRows,
  replayTrades,
  writePositions,
  type RowTarget,
} from "./import";
import type { ImportedCash, ImportedTrade, ImportRequest } from "./rows";
import { lockUser } from "./trade-steps";

/**
 * An import job's rows, written batch by batch (decision 0059). Each batch is a short
 * transaction of its own, its rows tagged with the job, so the database (SQLite's one write
 * lock above all) is held a few ms at a time and every other request goes on between batches.
 * The rows count only once the job's last transaction has applied the trades to the positions
 * and marked the job done; until then a cancel, a failure or a retry removes exactly the rows
 * tagged with the job.
 */

/** One batch of a job's rows, for the job's user and account. */
export interface ImportJobBatch {
  userId: number;
  accountId: number;
  jobId: number;
  now: Date;
  trades?: readonly ImportedTrade[];
  income?: ImportRequest["income"];
  cash?: readonly ImportedCash[];
}

export type ImportJobBatchOutcome =
  | { ok: true; incomeAdded: number; cashAdded: number }
  /** The account is no longer the user's. */
  | { ok: false; reason: "account_not_found" }
  /** The job is no longer writing: cancelled (or ended) meanwhile. */
  | { ok: false; reason: "job_ended" };

/** The job's last transaction: the trades applied to the positions, and the job done. */
export interface ImportJobFinish {
  userId: number;
  accountId: number;
  jobId: number;
  now: Date;
  /** Every trade the job wrote, in the order they apply. */
  trades: readonly ImportedTrade[];
  /** The account's newest trade and cash ids when the file was checked (see ImportRequest). */
  checkedAfter: number | null;
  cashCheckedAfter?: number | null;
  result: ImportResult;
}

export type ImportJobFinishOutcome =
  | { ok: true }
  | { ok: false; reason: "account_not_found" | "job_ended" | "history_changed" }
  | { ok: false; reason: "exceeds_holding"; index: number; held: Decimal };

/** Each transaction here runs as a pausing one: see writeImportJobBatch. */
const OFF_THE_LOOP = { pauses: true } as const;

/** Whether the job may still write: it is writing and no cancel was asked for. */
function* stillWriting(tx: Db, { importJobs }: Tables, jobId: number): Work<boolean> {
  const row = yield* first(
    tx
      .select({ status: importJobs.status, cancelRequested: importJobs.cancelRequested })
      .from(importJobs)
      .where(eq(importJobs.id, jobId)),
  );
  return row?.status === "writing" && !row.cancelRequested;
}

/** Writes one batch of the job's rows in a transaction of its own. */
export function writeImportJobBatch(
  database: Database,
  batch: ImportJobBatch,
): Promise<ImportJobBatchOutcome> {
  const { tables } = database;
  return database.transaction(
    function* (tx): Work<ImportJobBatchOutcome> {
      if (!(yield* lockUser(tx, tables, batch))) return { ok: false, reason: "account_not_found" };
      if (!(yield* stillWriting(tx, tables, batch.jobId)))
        return { ok: false, reason: "job_ended" };
      const target: RowTarget = { ...batch, importJobId: batch.jobId };
      yield* insertTradeRows(batch.trades ?? [], target);
      const incomeAdded = yield* insertIncome(tx, tables, batch.income ?? [], target);
      const cashAdded = yield* insertCash(tx, tables, batch.cash ?? [], target);
      return { ok: true, incomeAdded, cashAdded };
    },
    // On SQLite a pausing write runs on the thread of long writes (client.ts): the batch's
    // INSERT, its COMMIT and the WAL checkpoint that follows every few MB (an fsync) happen
    // beside the event loop. On the event loop's connection they held it up to 1.2 s.
    OFF_THE_LOOP,
  );
}

/**
 * Whether the account has a trade (or cash row) newer than the check saw that another writer
 * made: the job's own rows do not count. A range of ids from the check on, read by the
 * statement beside the event loop (a raw step), not by Drizzle's synchronous answer.
 */
function* otherRowsSince(request: ImportJobFinish, table: string, after: number | null) {
  const rows = yield* raw<number>(
    `SELECT id FROM ${table} WHERE id > ? AND user_id = ? AND account_id = ?` +
      " AND (import_job_id IS NULL OR import_job_id <> ?) LIMIT 1",
    [after ?? 0, request.userId, request.accountId, request.jobId],
    true,
  );
  return rows.length > 0;
}

/**
 * The job's last transaction: its account unchanged by anyone else since the check, the trades
 * replayed onto the positions as they are now and written, the snapshots from the earliest
 * trade on marked stale, and the job done with its summary. Pauses while it replays.
 */
export function finishImportJobRows(
  database: Database,
  request: ImportJobFinish,
): Promise<ImportJobFinishOutcome> {
  const { tables } = database;
  return database.transaction(function* (tx): Work<ImportJobFinishOutcome> {
    if (!(yield* lockUser(tx, tables, request))) return { ok: false, reason: "account_not_found" };
    if (!(yield* stillWriting(tx, tables, request.jobId)))
      return { ok: false, reason: "job_ended" };
    if (
      (yield* otherRowsSince(request, "transactions", request.checkedAfter)) ||
      (request.cashCheckedAfter !== undefined &&
        (yield* otherRowsSince(request, "cash_activities", request.cashCheckedAfter)))
    ) {
      return { ok: false, reason: "history_changed" };
    }
    const held = yield* heldPositions(tx, tables, request.userId, request.accountId);
    const replayed = yield* replayTrades(request, held);
    if (!replayed.ok) {
      return { ok: false, reason: "exceeds_holding", index: replayed.index, held: replayed.held };
    }
    yield* writePositions(tx, tables, request, request.accountId, held);
    if (request.trades.length > 0) {
      yield* markSnapshotsStale(request.userId, new Date(replayed.earliest));
    }
    yield* finishImportJob(tx, tables, request.jobId, request.result, request.now);
    return { ok: true };
  }, OFF_THE_LOOP);
}

/** Rows deleted per table and transaction while a job's rows are removed. */
const DISCARD_BATCH = 500;

/** Deletes up to DISCARD_BATCH of the job's rows from each table: how many went. */
function discardBatch(database: Database, userId: number, jobId: number): Promise<number> {
  const { importJobs } = database.tables;
  return database.transaction(function* (tx): Work<number> {
    // A job done keeps its rows, whoever asks.
    const job = yield* first(
      tx.select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, jobId)),
    );
    if (job?.status === "done") return 0;
    // Snapshots may have been worked out over the job's trades meanwhile: stale from its first.
    const [earliest] = yield* raw<number | null>(
      "SELECT min(transaction_date) FROM transactions WHERE import_job_id = ?",
      [jobId],
      true,
    );
    if (earliest !== null && earliest !== undefined) {
      yield* markSnapshotsStale(userId, new Date(Number(earliest)));
    }
    let deleted = 0;
    for (const table of ["transactions", "income_entries", "cash_activities"]) {
      const gone = yield* raw<number>(
        `DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE import_job_id = ? LIMIT ${DISCARD_BATCH}) RETURNING id`,
        [jobId],
        true,
      );
      deleted += gone.length;
    }
    return deleted;
  }, OFF_THE_LOOP);
}

/**
 * Removes every row the job wrote, a batch per transaction with a turn of the event loop
 * between them: for a job that did not end done (cancelled, failed, or tried again after a try
 * that stopped half-way). Answers how many rows went.
 */
export async function discardImportJobRows(
  database: Database,
  request: { userId: number; jobId: number },
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await discardBatch(database, request.userId, request.jobId);
    total += deleted;
    if (deleted === 0) return total;
    await nextTurn();
  }
}
