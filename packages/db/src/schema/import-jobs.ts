import type { ImportInput, ImportResult } from "@ledgerline/contracts";
import { sql } from "drizzle-orm";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

/** Where an import job is: queued, checking the file, writing its rows, or ended. */
export type ImportJobStatus = "queued" | "checking" | "writing" | "done" | "failed" | "cancelled";

export function importJobTables(k: ColumnKit, refs: Owned) {
  /**
   * Imports run as jobs (issue 34): the file waits here for a worker, which writes the rows and
   * its result summary; the file is dropped once the job ends, the summary is kept for the page.
   * `status` becomes 'done' in the same transaction as the rows, so a retried job (a worker that
   * died, a failed try) finds it done and writes nothing twice.
   */
  const importJobs = k.table(
    "import_jobs",
    {
      id: k.id(),
      userId: refs.ownerId(),
      status: k.text("status").$type<ImportJobStatus>().notNull(),
      /** The request as sent (the file included) until the job ends. */
      input: k.json("input").$type<ImportInput>(),
      /** Rows to write, known once the file is checked (0 before). */
      total: k.bigInteger("total").notNull(),
      result: k.json("result").$type<ImportResult>(),
      error: k.text("error"),
      cancelRequested: k.flag("cancel_requested").notNull(),
      createdAt: k.instant("created_at").notNull(),
      finishedAt: k.instant("finished_at"),
    },
    (table) => [
      // The user's jobs, newest first (the page's last import).
      k.index("import_jobs_user_idx").on(table.userId, table.id),
      // One import at a time per user (issue 34): two workers never write one user's files at
      // once, whatever process took them. The statuses are RUNNING_IMPORT_STATUSES'.
      k
        .uniqueIndex("import_jobs_user_running_idx")
        .on(table.userId)
        .where(sql`${table.status} IN ('queued', 'checking', 'writing')`),
    ],
  );
  return { importJobs };
}
