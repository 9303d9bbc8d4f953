import { JOB_QUEUES } from "@ledgerline/contracts";
import type { BackgroundWork } from "../background-work";
import type { Logger } from "../logger";
import {
  errorText,
  QUEUE_POLICIES,
  type EnqueueOptions,
  type HandledQueue,
  type JobCounts,
  type JobHandler,
  type Jobs,
  type JobPayloads,
  type KeptFailure,
  type QueuePolicy,
} from "./jobs";

/** Failed jobs kept per queue for admins to read (the oldest go first). */
const KEPT_FAILURES = 100;

interface PendingJob {
  data: unknown;
  dedupKey: string | undefined;
  attempt: number;
}

/** A failed job keeps its key, so a retried recompute still waits for the user's running one. */
interface FailedJob extends KeptFailure {
  dedupKey: string | undefined;
}

/** What every queue of one process shares: where jobs run, the log, and whether they may. */
interface ProcessWorkplace {
  background: BackgroundWork;
  logger: Logger;
  working: boolean;
  /** The last failed job's id, across queues. */
  failures: number;
}

/** One queue's jobs and the rules they run by (BullMQ's, in memory). */
class ProcessQueue {
  readonly waiting: PendingJob[] = [];
  /** Keys of the jobs running now: a job with one of them waits until that one has ended. */
  readonly activeKeys = new Set<string>();
  active = 0;
  delayed = 0;
  completed = 0;
  failedCount = 0;
  readonly failed: FailedJob[] = [];
  handler: JobHandler<HandledQueue> | undefined;
  constructor(
    readonly name: HandledQueue,
    readonly policy: QueuePolicy,
    private readonly place: ProcessWorkplace,
  ) {}

  /** Queues a job, merged into a waiting one with its key (the latest data kept). */
  add(job: PendingJob) {
    const same =
      job.dedupKey === undefined
        ? undefined
        : this.waiting.find((waiting) => waiting.dedupKey === job.dedupKey);
    if (same) same.data = job.data;
    else this.waiting.push(job);
    this.pump();
  }

  /** Starts what may start: free slots, jobs whose key is not running. */
  pump() {
    if (!this.place.working || !this.handler) return;
    while (this.active < this.policy.concurrency) {
      const index = this.waiting.findIndex(
        (job) => job.dedupKey === undefined || !this.activeKeys.has(job.dedupKey),
      );
      if (index < 0) return;
      const [job] = this.waiting.splice(index, 1);
      this.run(job!);
    }
  }

  /** Takes a failed job out of the kept list, as BullMQ's retry and remove do. */
  forget(id: string): FailedJob | undefined {
    const index = this.failed.findIndex((failure) => failure.id === id);
    if (index < 0) return undefined;
    this.failedCount -= 1;
    return this.failed.splice(index, 1)[0];
  }

  private run(job: PendingJob) {
    const handler = this.handler!;
    this.active += 1;
    if (job.dedupKey !== undefined) this.activeKeys.add(job.dedupKey);
    this.place.background.run(
      async () => {
        try {
          await handler(job.data as never, {
            number: job.attempt,
            last: job.attempt >= this.policy.attempts,
          });
          this.completed += 1;
        } catch (error) {
          this.failedTry(job, error);
        } finally {
          this.active -= 1;
          if (job.dedupKey !== undefined) this.activeKeys.delete(job.dedupKey);
          this.pump();
        }
      },
      (error: unknown) =>
        this.place.logger.error({ err: error, queue: this.name }, "job bookkeeping failed"),
    );
  }

  private failedTry(job: PendingJob, error: unknown) {
    const { logger, background } = this.place;
    if (job.attempt >= this.policy.attempts) {
      logger.error({ err: error, queue: this.name, attempts: job.attempt }, "job failed for good");
      this.keepFailure(job, error);
      return;
    }
    const wait = this.policy.backoffMs * 2 ** (job.attempt - 1);
    logger.warn({ err: error, queue: this.name, attempt: job.attempt, wait }, "job retried");
    this.delayed += 1;
    background.run(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        this.delayed -= 1;
        this.add({ ...job, attempt: job.attempt + 1 });
      },
      (retryError: unknown) => logger.error({ err: retryError }, "job retry not queued"),
    );
  }

  private keepFailure(job: PendingJob, error: unknown) {
    this.failedCount += 1;
    this.place.failures += 1;
    this.failed.push({
      id: String(this.place.failures),
      dedupKey: job.dedupKey,
      queue: this.name,
      data: job.data,
      error: errorText(error),
      attempts: job.attempt,
      failedAt: new Date(),
    });
    if (this.failed.length > KEPT_FAILURES) this.failed.shift();
  }
}

export interface ProcessJobsOptions {
  background: BackgroundWork;
  logger: Logger;
  /** Policies instead of the queues' own (tests: no second-long backoffs). */
  policies?: Partial<Record<HandledQueue, Partial<QueuePolicy>>>;
}

/**
 * The embedded mode: jobs run in this process, through BackgroundWork (so `settled` covers
 * them), with BullMQ's rules: per-queue concurrency, retries after an exponential backoff, the
 * last failure kept with its error, and a job whose key is already waiting merged into it (the
 * latest data kept), while one whose key is running waits for it to end. Nothing survives the
 * process; a restart rebuilds what is stale as before.
 */
export function createProcessJobs({ background, logger, policies }: ProcessJobsOptions) {
  const place: ProcessWorkplace = { background, logger, working: false, failures: 0 };
  const queues = new Map<HandledQueue, ProcessQueue>(
    JOB_QUEUES.map((name) => [
      name,
      new ProcessQueue(name, { ...QUEUE_POLICIES[name], ...policies?.[name] }, place),
    ]),
  );
  const schedules = new Map<string, NodeJS.Timeout>();
  const queueOf = (name: HandledQueue) => queues.get(name)!;

  const jobs = {
    kind: "process" as const,
    handle<Q extends HandledQueue>(name: Q, handler: JobHandler<Q>) {
      queueOf(name).handler = handler as JobHandler<HandledQueue>;
    },
    enqueue<Q extends HandledQueue>(name: Q, data: JobPayloads[Q], options?: EnqueueOptions) {
      queueOf(name).add({ data, dedupKey: options?.dedupKey, attempt: 1 });
    },
    schedule<Q extends HandledQueue>(name: Q, key: string, everyMs: number, data: JobPayloads[Q]) {
      clearInterval(schedules.get(key));
      const timer = setInterval(() => jobs.enqueue(name, data, { dedupKey: key }), everyMs);
      // A schedule never keeps the process alive by itself.
      timer.unref();
      schedules.set(key, timer);
      return Promise.resolve();
    },
    startWorking() {
      place.working = true;
      for (const queue of queues.values()) queue.pump();
    },
    counts(): Promise<JobCounts[]> {
      return Promise.resolve(
        [...queues.values()].map((queue) => ({
          queue: queue.name,
          waiting: queue.waiting.length,
          active: queue.active,
          delayed: queue.delayed,
          completed: queue.completed,
          failed: queue.failedCount,
        })),
      );
    },
    failed(name: HandledQueue, limit: number) {
      const kept = queueOf(name).failed;
      return Promise.resolve({ jobs: kept.slice(-limit).reverse(), total: kept.length });
    },
    retry(name: HandledQueue, id: string) {
      const queue = queueOf(name);
      const failure = queue.forget(id);
      if (failure) queue.add({ data: failure.data, dedupKey: failure.dedupKey, attempt: 1 });
      return Promise.resolve(failure !== undefined);
    },
    remove(name: HandledQueue, id: string) {
      return Promise.resolve(queueOf(name).forget(id) !== undefined);
    },
    settled: () => background.settled(),
    close() {
      place.working = false;
      for (const timer of schedules.values()) clearInterval(timer);
      schedules.clear();
      return background.settled();
    },
  } satisfies Jobs & Record<string, unknown>;
  return jobs;
}

export type ProcessJobs = ReturnType<typeof createProcessJobs>;
