import { JOB_QUEUES } from "@ledgerline/contracts";
import type { ConnectionOptions, Job, Queue, Worker } from "bullmq";
import type { Logger } from "../logger";
import type { HandledQueue, JobCounts, JobHandler, KeptFailure, QueuePolicy } from "./jobs";

/**
 * The BullMQ side of the Redis jobs (redis-jobs.ts): the queues, their workers, their counts and
 * their dead letters, each a function of the queues it reads.
 */

/** Completed jobs kept for the counts; failed ones (the dead letters) are kept longer. */
const KEEP_COMPLETED = 1_000;
const KEEP_FAILED = 10_000;

export interface QueueSettings {
  url: string;
  prefix: string;
  logger: Logger;
  policy: (name: HandledQueue) => QueuePolicy;
}

/** One BullMQ queue per kind of work, with its retries and how many finished jobs it keeps. */
export function openQueues(
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
export function deadLetters(queues: Map<HandledQueue, Queue>) {
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
export function startWorker(
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
export async function busy(queues: Map<HandledQueue, Queue>): Promise<boolean> {
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

/** Each queue's jobs per state, as the admin page counts them. */
export async function countJobs(queues: Map<HandledQueue, Queue>): Promise<JobCounts[]> {
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
}
