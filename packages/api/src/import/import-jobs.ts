import { EventEmitter, on } from "node:events";
import { dateOf } from "@ledgerline/clock";
import {
  IMPORT_MAX_BYTES,
  type ImportInput,
  type ImportJobView,
  investmentAccountMessages,
} from "@ledgerline/contracts";
import { RUNNING_IMPORT_STATUSES, type ImportJob } from "@ledgerline/db";
import { TRPCError } from "@trpc/server";
import { accountFor } from "../accounts/account-scope";
import type { AnswerLanguage } from "../locale/answer-language";
import { textIn } from "../locale/catalog";
import type { JobAttempt } from "../platform/jobs/jobs";
import { badRequest, conflict, notFound } from "../platform/errors";
import type { AppDeps, UserScope } from "../platform/scope";
import { ImportCancelled, type ImportProgressEvent, type RunningImport } from "./import-progress";
import { writeJobRows } from "./import-job-write";
import { importJobMessages } from "./import-messages";
import {
  afterImport,
  importResultOf,
  recordImport,
  tooLarge,
  writablePlan,
  writesNothing,
} from "./service";

/**
 * Imports run as jobs on the `import` queue (issue 34): the request keeps the file in
 * import_jobs and answers the job at once; a worker checks the file as the preview does, then
 * writes its rows a batch per transaction, tagged with the job, reporting its progress after
 * each, and marks the job done in the last transaction, the one that applies the trades to
 * the positions (decision 0059). A cancel (heard between batches), a failure or a retry
 * removes exactly the job's rows; a retried job that is done writes nothing twice.
 */

export { importJobMessages };

const isRunning = (status: ImportJobView["status"]) => RUNNING_IMPORT_STATUSES.includes(status);

/** The job as answered: its progress from the worker's last report while it writes. */
function viewOf(deps: AppDeps, job: ImportJob): ImportJobView {
  const heard = deps.importProgress.lastOf(job.id);
  const writing = job.status === "writing" && heard?.status === "writing";
  return {
    id: job.id,
    status: job.status,
    done: job.status === "done" ? job.total : writing ? heard.done : 0,
    total: job.total,
    result: job.result ?? null,
    error: job.error ?? null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * The job as its reader reads it (decision 0070): a failed job keeps why in the English it failed
 * with (its error rows' count, the refusal that ended it), put into the reader's language as each
 * answer of the job goes out, so it follows the account's language as it is now.
 */
export function importJobIn<T extends ImportJobView | null>(job: T, language: AnswerLanguage): T {
  if (language === "en" || !job?.error) return job;
  return { ...job, error: textIn(job.error, language) };
}

/** The job's progress as it goes (watchImportJob), each state in the reader's language. */
export async function* importJobsIn(
  jobs: AsyncGenerator<ImportJobView>,
  language: AnswerLanguage,
): AsyncGenerator<ImportJobView> {
  for await (const job of jobs) yield importJobIn(job, language);
}

async function ownJob(scope: UserScope, id: number): Promise<ImportJob> {
  const job = await scope.deps.repos.importJobs.byId(scope.user.id, id);
  if (!job) throw notFound(importJobMessages.notFound);
  return job;
}

/**
 * Keeps the file as a job and queues it; the job as it is now (queued). A user imports one file
 * at a time (issue 34): while a job of theirs runs, another is refused (a conflict), here before
 * the file is stored and, for two starts at once, by the database's unique index.
 */
export async function startImportJob(scope: UserScope, input: ImportInput): Promise<ImportJobView> {
  if (Buffer.byteLength(input.csv, "utf8") > IMPORT_MAX_BYTES) throw tooLarge();
  if (input.source === "generic" && !input.mapping) {
    throw badRequest("An 'Other CSV' file needs its column mapping");
  }
  if (await scope.deps.repos.importJobs.running(scope.user.id)) {
    throw conflict(importJobMessages.alreadyRunning);
  }
  // The account is fixed now: a default account changed before the worker starts moves nothing.
  const accountId = await accountFor(scope, input.accountId);
  // The procedure's idempotency key travels in the same input; it is no part of the file's job.
  const { idempotencyKey: _key, ...kept } = input as ImportInput & { idempotencyKey?: unknown };
  const { deps } = scope;
  const job = await deps.repos.importJobs.create(
    scope.user.id,
    { ...kept, accountId },
    dateOf(deps.clock),
  );
  if (!job) throw conflict(importJobMessages.alreadyRunning);
  deps.jobs.enqueue("import", { importId: job.id });
  return viewOf(deps, job);
}

export async function importJobStatus(scope: UserScope, id: number): Promise<ImportJobView> {
  return viewOf(scope.deps, await ownJob(scope, id));
}

/** The user's running or last import job, for the page to show again; null when none. */
export async function latestImportJob(scope: UserScope): Promise<ImportJobView | null> {
  const job = await scope.deps.repos.importJobs.latest(scope.user.id);
  return job ? viewOf(scope.deps, job) : null;
}

/**
 * Stops the user's import. One still queued (another import ahead of it) ends here and now: no
 * worker has it, and the one that reaches it finds it ended and does nothing. One running: the
 * worker hears it between two batches and rolls the rows back. One that has ended is answered
 * as it is.
 */
export async function cancelImportJob(scope: UserScope, id: number): Promise<ImportJobView> {
  const job = await ownJob(scope, id);
  if (!isRunning(job.status)) return viewOf(scope.deps, job);
  if (job.status === "queued" && (await endQueued(scope, id))) {
    return viewOf(scope.deps, await ownJob(scope, id));
  }
  // The signal first: on SQLite the flag's write below waits for the import's transaction.
  await scope.deps.importProgress.cancel(id);
  const asked = await scope.deps.repos.importJobs.requestCancel(scope.user.id, id);
  return viewOf(scope.deps, asked ?? job);
}

/**
 * Ends a job no worker has started as cancelled; false when a worker took it meanwhile (it then
 * hears the cancel as a running job does).
 */
async function endQueued({ deps, user }: UserScope, id: number): Promise<boolean> {
  const now = dateOf(deps.clock);
  const ended = await deps.repos.importJobs.advance(id, ["queued"], {
    status: "cancelled",
    finishedAt: now,
  });
  // The page's live progress and every process's last-heard state end with it.
  if (ended)
    await deps.importProgress.report({
      id,
      userId: user.id,
      status: "cancelled",
      done: 0,
      total: 0,
    });
  return ended;
}

/** The job's progress as it goes, starting with where it is; ends with the job. */
export async function* watchImportJob(
  scope: UserScope,
  id: number,
  signal: AbortSignal | undefined,
): AsyncGenerator<ImportJobView> {
  await ownJob(scope, id);
  const { deps } = scope;
  const heard = new EventEmitter();
  // Subscribed before the job is read: no report between the read and the subscription is lost.
  const stop = deps.importProgress.watch(id, (event) => heard.emit("progress", event));
  try {
    const current = await importJobStatus(scope, id);
    yield current;
    if (!isRunning(current.status)) return;
    for await (const [event] of on(heard, "progress", { signal }) as AsyncIterable<
      [ImportProgressEvent]
    >) {
      if (!isRunning(event.status)) {
        yield await importJobStatus(scope, id);
        return;
      }
      yield { ...current, status: event.status, done: event.done, total: event.total };
    }
  } catch (error) {
    if (!signal?.aborted) throw error;
  } finally {
    stop();
  }
}

type Report = (status: ImportJobView["status"], done: number, total: number) => Promise<void>;

/** Checks the job's file, then writes its rows: the plan, the rows to write and the outcome. */
async function checkAndWrite(
  scope: UserScope,
  importId: number,
  input: ImportInput,
  running: RunningImport,
  report: Report,
) {
  const { deps } = scope;
  const plan = await writablePlan(scope, input);
  const total = plan.trades.length + plan.income.length + plan.cash.length;
  if (running.cancelled) return "cancelled";
  if (!(await deps.repos.importJobs.advance(importId, ["checking"], { status: "writing", total })))
    return "cancelled";
  await report("writing", 0, total);
  const outcome = await writeJobRows(deps, {
    jobId: importId,
    userId: scope.user.id,
    accountId: await accountFor(scope, input.accountId),
    now: dateOf(deps.clock),
    plan,
    running,
    progress: (done) => void report("writing", done, total),
    result: (written) => importResultOf(plan.summary, written),
  });
  return { plan, total, outcome };
}

/**
 * Queues again the imports a process left unfinished when it stopped (embedded jobs, which
 * nothing keeps outside the process; BullMQ hands a dead worker's job on by itself). Each starts
 * over from no rows, as a retried job does; without this, a job left "writing" would show as
 * running for ever and refuse its user every import after it.
 */
export async function resumeUnfinishedImports(deps: AppDeps): Promise<number> {
  if (deps.jobs.kind !== "process") return 0;
  const ids = await deps.repos.importJobs.unfinished();
  for (const importId of ids) deps.jobs.enqueue("import", { importId });
  return ids.length;
}

/** The `import` queue's handler: checks and writes one job's file, once. */
export async function runImportJob(
  deps: AppDeps,
  importId: number,
  attempt: JobAttempt,
): Promise<void> {
  const { repos, importProgress } = deps;
  const job = await repos.importJobs.forWorker(importId);
  // Ended (a retry after the rows were committed, a cancel) or gone with its user.
  if (!job?.input || !isRunning(job.status)) return;
  const user = await repos.users.findById(job.userId);
  if (!user) return;
  const scope: UserScope = { deps, user, ip: null, userAgent: null };
  const report: Report = (status, done, total) =>
    importProgress.report({ id: importId, userId: user.id, status, done, total });
  const discard = () => repos.portfolio.discardImportJobRows({ userId: user.id, jobId: importId });
  const end = async (status: "failed" | "cancelled", error: string | null) => {
    await discard();
    await repos.importJobs.advance(importId, RUNNING_IMPORT_STATUSES, {
      status,
      error,
      finishedAt: dateOf(deps.clock),
    });
    await report(status, 0, 0);
  };
  const running = importProgress.claim(importId);
  try {
    // A try after one that stopped half-way (a worker gone, a failed batch) starts from no rows.
    if (job.status === "writing") await discard();
    if (
      !(await repos.importJobs.advance(importId, RUNNING_IMPORT_STATUSES, { status: "checking" }))
    )
      return await end("cancelled", null);
    await report("checking", 0, 0);
    const input = job.input;
    const checked = await checkAndWrite(scope, importId, input, running, report);
    if (checked === "cancelled") return await end("cancelled", null);
    const { plan, total, outcome } = checked;
    if (!outcome.ok && outcome.reason === "job_ended") {
      // Cancelled meanwhile; a job another try holds (or finished) is left to it.
      const now = await repos.importJobs.forWorker(importId);
      return now?.cancelRequested ? await end("cancelled", null) : undefined;
    }
    if (!outcome.ok && outcome.reason === "account_not_found") {
      return await end("failed", investmentAccountMessages.notFound);
    }
    // A trade made meanwhile: the next try checks the file against it.
    if (!outcome.ok) throw new Error(importJobMessages.historyChanged);
    await report("done", total, total);
    // Past here a failed try is retried only to find the job done: the calendar's splits then
    // land with the next hourly sync, and the audit entry is missing.
    if (!writesNothing(plan)) await afterImport(scope, plan.trades);
    const done = await repos.importJobs.byId(user.id, importId);
    if (done?.result) await recordImport(scope, input, done.result);
  } catch (error) {
    if (error instanceof ImportCancelled) return await end("cancelled", null);
    // The file's own faults (its error rows, an account gone) do not change on a retry.
    if (error instanceof TRPCError && error.code !== "INTERNAL_SERVER_ERROR") {
      return await end("failed", error.message);
    }
    if (attempt.last) {
      await end(
        "failed",
        error instanceof Error && error.message === importJobMessages.historyChanged
          ? importJobMessages.historyChanged
          : importJobMessages.failed,
      );
    } else {
      // The rows of this try go now, not when the next starts; a failure here leaves them to it.
      await discard().catch(() => {});
    }
    throw error;
  } finally {
    running.release();
  }
}
