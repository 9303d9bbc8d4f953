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
  ) {}
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
  const queues = new Map<HandledQueue, ProcessQueue>(
    JOB_QUEUES.map((name) => [
      name,
      new ProcessQueue(name, { ...QUEUE_POLICIES[name], ...policies?.[name] }),
    ]),
  );
  let working = false;
  let failures = 0;
  const schedules = new Map<string, NodeJS.Timeout>();
  const queueOf = (name: HandledQueue) => queues.get(name)!;

  /** Starts what may start: free slots, jobs whose key is not running. */
  function pump(queue: ProcessQueue) {
    if (!working || !queue.handler) return;
    while (queue.active < queue.policy.concurrency) {
      const index = queue.waiting.findIndex(
        (job) => job.dedupKey === undefined || !queue.activeKeys.has(job.dedupKey),
      );
      if (index < 0) return;
      const [job] = queue.waiting.splice(index, 1);
      run(queue, job!);
    }
  }

  function run(queue: ProcessQueue, job: PendingJob) {
    const handler = queue.handler!;
    queue.active += 1;
    if (job.dedupKey !== undefined) queue.activeKeys.add(job.dedupKey);
    background.run(
      async () => {
        try {
          await handler(job.data as never, {
            number: job.attempt,
            last: job.attempt >= queue.policy.attempts,
          });
          queue.completed += 1;
        } catch (error) {
          failedTry(queue, job, error);
        } finally {
          queue.active -= 1;
          if (job.dedupKey !== undefined) queue.activeKeys.delete(job.dedupKey);
          pump(queue);
        }
      },
      (error: unknown) => logger.error({ err: error, queue: queue.name }, "job bookkeeping failed"),
    );
  }

  function failedTry(queue: ProcessQueue, job: PendingJob, error: unknown) {
    if (job.attempt >= queue.policy.attempts) {
      logger.error({ err: error, queue: queue.name, attempts: job.attempt }, "job failed for good");
      queue.failedCount += 1;
      failures += 1;
      queue.failed.push({
        id: String(failures),
        dedupKey: job.dedupKey,
        queue: queue.name,
        data: job.data,
        error: errorText(error),
        attempts: job.attempt,
        failedAt: new Date(),
      });
      if (queue.failed.length > KEPT_FAILURES) queue.failed.shift();
      return;
    }
    const wait = queue.policy.backoffMs * 2 ** (job.attempt - 1);
    logger.warn({ err: error, queue: queue.name, attempt: job.attempt, wait }, "job retried");
    queue.delayed += 1;
    background.run(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        queue.delayed -= 1;
        add(queue, { ...job, attempt: job.attempt + 1 });
      },
      (retryError: unknown) => logger.error({ err: retryError }, "job retry not queued"),
    );
  }

  function add(queue: ProcessQueue, job: PendingJob) {
    const same =
      job.dedupKey === undefined
        ? undefined
        : queue.waiting.find((waiting) => waiting.dedupKey === job.dedupKey);
    if (same) same.data = job.data;
    else queue.waiting.push(job);
    pump(queue);
  }

  /** Takes a failed job out of its queue's kept list, as BullMQ's retry and remove do. */
  function forget(queue: ProcessQueue, id: string): FailedJob | undefined {
    const index = queue.failed.findIndex((failure) => failure.id === id);
    if (index < 0) return undefined;
    queue.failedCount -= 1;
    return queue.failed.splice(index, 1)[0];
  }

  const jobs = {
    kind: "process" as const,
    handle<Q extends HandledQueue>(name: Q, handler: JobHandler<Q>) {
      queueOf(name).handler = handler as JobHandler<HandledQueue>;
    },
    enqueue<Q extends HandledQueue>(name: Q, data: JobPayloads[Q], options?: EnqueueOptions) {
      add(queueOf(name), { data, dedupKey: options?.dedupKey, attempt: 1 });
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
      working = true;
      for (const queue of queues.values()) pump(queue);
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
      const failure = forget(queue, id);
      if (failure) add(queue, { data: failure.data, dedupKey: failure.dedupKey, attempt: 1 });
      return Promise.resolve(failure !== undefined);
    },
    remove(name: HandledQueue, id: string) {
      return Promise.resolve(forget(queueOf(name), id) !== undefined);
    },
    settled: () => background.settled(),
    close() {
      working = false;
      for (const timer of schedules.values()) clearInterval(timer);
      schedules.clear();
      return background.settled();
    },
  } satisfies Jobs & Record<string, unknown>;
  return jobs;
}

export type ProcessJobs = ReturnType<typeof createProcessJobs>;
