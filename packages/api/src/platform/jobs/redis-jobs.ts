import { JOB_QUEUES } from "@ledgerline/contracts";
import type { ConnectionOptions, Job, Queue, Worker } from "bullmq";
import type { Logger } from "../logger";
import type { ProcessJobs } from "./process-jobs";
import {
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

/** Completed jobs kept for the counts; failed ones (the dead letters) are kept longer. */
const KEEP_COMPLETED = 1_000;
const KEEP_FAILED = 10_000;
/** How often `settled` looks at the queues again. */
const SETTLE_POLL_MS = 25;

export interface RedisJobsOptions {
  url: string;
  /** BullMQ's key prefix (REDIS_KEY_PREFIX + "jobs"): one deployment's queues apart from another's. */
  prefix: string;
  logger: Logger;
  /**
   * Where a job runs when Redis does not take it (out of reach): this process, at once, as in
   * the embedded mode, so a trade's recompute or a reset mail is not lost to an outage.
   */
  fallback: ProcessJobs;
  policies?: Partial<Record<HandledQueue, Partial<QueuePolicy>>>;
  /**
   * How long a worker's hold on a running job lasts unrenewed (BullMQ's lock, renewed at half of
   * it while the worker lives): past it, the job of a worker that died is given to another.
   * BullMQ's 30 s unless a test needs less.
   */
  lockMs?: number;
}

/**
 * BullMQ queues on Redis, one per kind of work, shared by every process of the deployment: API
 * processes add jobs, worker processes (LEDGERLINE_ROLE=worker, or both roles in one) run them.
 * A job lives in Redis until it ends, so a process that dies mid-job leaves it to another
 * worker once its lock expires; a failed job is retried with exponential backoff and after its
 * last try kept in the failed set with its error. BullMQ (and the ioredis under it) is loaded
 * here, not with the module: a process without REDIS_URL never needs its ~5 MB (issue 35).
 */
export async function createRedisJobs({
  url,
  prefix,
  logger,
  fallback,
  policies,
  lockMs,
}: RedisJobsOptions) {
  const bull = await import("bullmq");
  const policy = (name: HandledQueue): QueuePolicy => ({
    ...QUEUE_POLICIES[name],
    ...policies?.[name],
  });
  const queues = openQueues(bull.Queue, { url, prefix, logger, policy });
  // What Redis does not take runs here whatever this process's role: an outage loses nothing.
  fallback.startWorking();
  const handlers = new Map<HandledQueue, JobHandler<HandledQueue>>();
  const workers: Worker[] = [];
  /** Adds under way, so `settled` sees every job this process asked for. */
  const adding = new Set<Promise<unknown>>();

  const jobs = {
    kind: "redis" as const,
    handle<Q extends HandledQueue>(name: Q, handler: JobHandler<Q>) {
      handlers.set(name, handler as JobHandler<HandledQueue>);
      fallback.handle(name, handler);
    },
    enqueue<Q extends HandledQueue>(name: Q, data: JobPayloads[Q], options?: EnqueueOptions) {
      const added = queues
        .get(name)!
        .add(name, data, {
          ...(options?.dedupKey
            ? { deduplication: { id: options.dedupKey, keepLastIfActive: true } }
            : {}),
        })
        .catch((error: unknown) => {
          logger.warn({ err: error, queue: name }, "job not queued in Redis; run here instead");
          fallback.enqueue(name, data, options);
        })
        .finally(() => adding.delete(added));
      adding.add(added);
    },
    async schedule<Q extends HandledQueue>(
      name: Q,
      key: string,
      everyMs: number,
      data: JobPayloads[Q],
    ) {
      try {
        // An upsert: every process may ask, and the deployment keeps one schedule by that key.
        await queues.get(name)!.upsertJobScheduler(key, { every: everyMs }, { name, data });
      } catch (error) {
        logger.warn({ err: error, queue: name, key }, "job schedule not kept in Redis; kept here");
        await fallback.schedule(name, key, everyMs, data);
      }
    },
    startWorking() {
      for (const [name, handler] of handlers) {
        workers.push(
          startWorker(bull.Worker, { url, prefix, logger, policy, lockMs }, name, handler),
        );
      }
    },
    async counts(): Promise<JobCounts[]> {
      return Promise.all(
        [...queues].map(async ([name, queue]) => {
          const count = await queue.getJobCounts(
            "waiting",
            "prioritized",
            "active",
            "delayed",
            "completed",
            "failed",
          );
          return {
            queue: name,
            waiting: (count.waiting ?? 0) + (count.prioritized ?? 0),
            active: count.active ?? 0,
            delayed: count.delayed ?? 0,
            completed: count.completed ?? 0,
            failed: count.failed ?? 0,
          };
        }),
      );
    },
    ...deadLetters(queues),
    /** The queues themselves, for tests. */
    queue: (name: HandledQueue) => queues.get(name)!,
    /**
     * Waits for this process's adds, then until no queue of the deployment has a job waiting,
     * running or delayed (a test's own prefix makes that its own jobs); an unreachable Redis
     * counts as settled, since what could not be queued ran here.
     */
    async settled() {
      while (adding.size > 0) await Promise.all(adding);
      await fallback.settled();
      try {
        while (await busy(queues))
          await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
      } catch {
        // Redis out of reach: nothing more can be learned or waited for.
      }
      await fallback.settled();
    },
    async close() {
      await Promise.all(workers.splice(0).map((worker) => worker.close()));
      await Promise.all(adding);
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      await fallback.close();
    },
  } satisfies Jobs & Record<string, unknown>;
  return jobs;
}

interface QueueSettings {
  url: string;
  prefix: string;
  logger: Logger;
  policy: (name: HandledQueue) => QueuePolicy;
}

/** One BullMQ queue per kind of work, with its retries and how many finished jobs it keeps. */
function openQueues(
  BullQueue: typeof Queue,
  { url, prefix, logger, policy }: QueueSettings,
): Map<HandledQueue, Queue> {
  // A request's enqueue must not wait out an outage: an add is given up after one reconnect
  // attempt (a few hundred ms) and the job runs here instead.
  const producer: ConnectionOptions = { url, maxRetriesPerRequest: 1 };
  return new Map(
    JOB_QUEUES.map((name) => {
      const { attempts, backoffMs } = policy(name);
      const queue = new BullQueue(name, {
        connection: producer,
        prefix,
        skipWaitingForReady: true,
        defaultJobOptions: {
          attempts,
          backoff: { type: "exponential", delay: backoffMs },
          removeOnComplete: { count: KEEP_COMPLETED },
          removeOnFail: { count: KEEP_FAILED },
        },
      });
      queue.on("error", (error) => logger.warn({ err: error, queue: name }, "job queue error"));
      return [name, queue];
    }),
  );
}

/** The failed set of each queue as admins read and act on it: BullMQ's own dead letters. */
function deadLetters(queues: Map<HandledQueue, Queue>) {
  async function failedJob(name: HandledQueue, id: string): Promise<Job | undefined> {
    const job = await queues.get(name)!.getJob(id);
    return job && (await job.isFailed()) ? job : undefined;
  }
  return {
    async failed(name: HandledQueue, limit: number) {
      const queue = queues.get(name)!;
      const [jobs, total] = await Promise.all([
        queue.getFailed(0, limit - 1),
        queue.getFailedCount(),
      ]);
      return {
        // A job removed between the two reads comes back empty.
        jobs: jobs.filter(Boolean).map((job): KeptFailure => ({
          id: job.id!,
          queue: name,
          data: job.data,
          error: job.failedReason,
          attempts: job.attemptsMade,
          failedAt: new Date(job.finishedOn ?? job.timestamp),
        })),
        total,
      };
    },
    async retry(name: HandledQueue, id: string) {
      const job = await failedJob(name, id);
      // From its first try again, with every retry its policy gives a new job.
      await job?.retry("failed", { resetAttemptsMade: true, resetAttemptsStarted: true });
      return job !== undefined;
    },
    async remove(name: HandledQueue, id: string) {
      const job = await failedJob(name, id);
      await job?.remove();
      return job !== undefined;
    },
  };
}

/** A worker of one queue: its handler run on each job, each failed try logged. */
function startWorker(
  BullWorker: typeof Worker,
  { url, prefix, logger, policy, lockMs }: QueueSettings & { lockMs: number | undefined },
  name: HandledQueue,
  handler: JobHandler<HandledQueue>,
): Worker {
  const worker = new BullWorker(
    name,
    (job: Job) =>
      handler(job.data as never, {
        number: job.attemptsMade + 1,
        last: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
      }),
    {
      // Workers block on Redis for their next job; BullMQ needs their commands retried forever.
      connection: { url, maxRetriesPerRequest: null },
      prefix,
      concurrency: policy(name).concurrency,
      ...(lockMs ? { lockDuration: lockMs, stalledInterval: lockMs } : {}),
    },
  );
  worker.on("error", (error) => logger.warn({ err: error, queue: name }, "job worker error"));
  worker.on("failed", (job, error) => {
    const final = job !== undefined && job.attemptsMade >= (job.opts.attempts ?? 1);
    logger[final ? "error" : "warn"](
      { err: error, queue: name, jobId: job?.id, attempts: job?.attemptsMade },
      final ? "job failed for good" : "job retried",
    );
  });
  return worker;
}

/**
 * Whether any queue has work waiting, running or delayed. A schedule's next job waits delayed
 * for ever: work is settled while only those wait.
 */
async function busy(queues: Map<HandledQueue, Queue>): Promise<boolean> {
  const counts = await Promise.all(
    [...queues.values()].map(async (queue) => {
      const count = await queue.getJobCounts("waiting", "active", "delayed", "prioritized");
      if (count.waiting || count.active || count.prioritized) return true;
      if (!count.delayed) return false;
      const delayed = await queue.getDelayed();
      // One that moved on between the two reads (its backoff ended) is looked at again.
      return delayed.length !== count.delayed || delayed.some((job) => !job?.repeatJobKey);
    }),
  );
  return counts.some(Boolean);
}
