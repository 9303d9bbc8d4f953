import type { ImportInput, ImportResult } from "@ledgerline/contracts";
import { and, desc, eq, inArray } from "drizzle-orm";
import { isUniqueViolation } from "./errors";
import { changes, first, type Database, type Db, type Tables, type Work } from "../database";
import type { ImportJobRow, ImportJobStatus } from "../schema";

/** The statuses of a job that has not ended: a cancel still means something. */
export const RUNNING_IMPORT_STATUSES: readonly ImportJobStatus[] = [
  "queued",
  "checking",
  "writing",
];

/** The condition of the user's jobs that have not ended (the index allows one at most). */
export const runningJobOf = (importJobs: Tables["importJobs"], userId: number) =>
  and(eq(importJobs.userId, userId), inArray(importJobs.status, [...RUNNING_IMPORT_STATUSES]));

/** One import job as the API answers it (the file left out). */
export type ImportJob = Omit<ImportJobRow, "input">;

const jobColumns = (importJobs: Tables["importJobs"]) => ({
  id: importJobs.id,
  userId: importJobs.userId,
  status: importJobs.status,
  total: importJobs.total,
  result: importJobs.result,
  error: importJobs.error,
  cancelRequested: importJobs.cancelRequested,
  createdAt: importJobs.createdAt,
  finishedAt: importJobs.finishedAt,
});

/** Inside the import job's last transaction: the job is done, with its result. */
export function* finishImportJob(
  tx: Db,
  { importJobs }: Tables,
  id: number,
  result: ImportResult,
  now: Date,
): Work<void> {
  yield* changes(
    tx
      .update(importJobs)
      .set({ status: "done", result, input: null, finishedAt: now })
      .where(eq(importJobs.id, id)),
  );
}

/** Import jobs: the user's own through the user-scoped reads, any one by id for its worker. */
export function importJobsRepository(database: Database) {
  const { db } = database;
  const { importJobs } = database.tables;

  return {
    /**
     * Keeps the file as a queued job; undefined when the user has a job running already (the
     * index import_jobs_user_running_idx refuses a second, whichever process writes it).
     */
    async create(userId: number, input: ImportInput, now: Date): Promise<ImportJob | undefined> {
      try {
        return await database.transaction(function* (tx) {
          const row = yield* first(
            tx
              .insert(importJobs)
              .values({
                userId,
                status: "queued",
                input,
                total: 0,
                cancelRequested: false,
                createdAt: now,
              })
              .returning(jobColumns(importJobs)),
          );
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** The user's job that has not ended (at most one), if any. */
    async running(userId: number): Promise<ImportJob | undefined> {
      return database.first(
        db
          .select(jobColumns(importJobs))
          .from(importJobs)
          .where(runningJobOf(importJobs, userId))
          .limit(1),
      );
    },

    /** The user's job of this id; undefined for another user's. */
    async byId(userId: number, id: number): Promise<ImportJob | undefined> {
      return database.first(
        db
          .select(jobColumns(importJobs))
          .from(importJobs)
          .where(and(eq(importJobs.id, id), eq(importJobs.userId, userId))),
      );
    },

    /** Every user's jobs that have not ended, oldest first (those a process left behind). */
    async unfinished(): Promise<number[]> {
      const rows = await database.all(
        db
          .select({ id: importJobs.id })
          .from(importJobs)
          .where(inArray(importJobs.status, [...RUNNING_IMPORT_STATUSES]))
          .orderBy(importJobs.id),
      );
      return rows.map((row) => row.id);
    },

    /** The user's newest job, running or ended. */
    async latest(userId: number): Promise<ImportJob | undefined> {
      return database.first(
        db
          .select(jobColumns(importJobs))
          .from(importJobs)
          .where(eq(importJobs.userId, userId))
          .orderBy(desc(importJobs.id))
          .limit(1),
      );
    },

    /** The job with its file, for the worker that runs it. */
    async forWorker(id: number): Promise<ImportJobRow | undefined> {
      return database.first(db.select().from(importJobs).where(eq(importJobs.id, id)));
    },

    /**
     * Moves a job on from one of `from` (a job that ended, or was cancelled meanwhile, stays as
     * it is): whether it moved.
     */
    async advance(
      id: number,
      from: readonly ImportJobStatus[],
      fields: Partial<Pick<ImportJobRow, "status" | "total" | "error" | "finishedAt">>,
    ): Promise<boolean> {
      const ended = fields.status && !RUNNING_IMPORT_STATUSES.includes(fields.status);
      const moved = await database.changes(
        db
          .update(importJobs)
          .set({ ...fields, ...(ended ? { input: null } : {}) })
          .where(
            and(
              eq(importJobs.id, id),
              inArray(importJobs.status, [...from]),
              // A cancelled job goes on only to 'cancelled' (or whatever ends it).
              ...(ended ? [] : [eq(importJobs.cancelRequested, false)]),
            ),
          ),
      );
      return moved > 0;
    },

    /** Asks for the user's running job to stop: the job as it is after. */
    async requestCancel(userId: number, id: number): Promise<ImportJob | undefined> {
      await database.changes(
        db
          .update(importJobs)
          .set({ cancelRequested: true })
          .where(
            and(
              eq(importJobs.id, id),
              eq(importJobs.userId, userId),
              inArray(importJobs.status, [...RUNNING_IMPORT_STATUSES]),
            ),
          ),
      );
      return this.byId(userId, id);
    },
  };
}
