import type { Worker } from "bullmq";
import type { Logger } from "../logger";
import type { ProcessJobs } from "./process-jobs";
import {
  QUEUE_POLICIES,
  type EnqueueOptions,
  type HandledQueue,
  type JobHandler,
  type Jobs,
  type JobPayloads,
  type QueuePolicy,
} from "./jobs";
import { busy, countJobs, deadLetters, openQueues, startWorker } from "./redis-queues";

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
    counts: () => countJobs(queues),
    ...deadLetters(queues),
    /** The queues themselves, for tests. */
    queue: (name: HandledQueue) => queues.get(name)!,
    /** This process's adds, then the deployment's queues, settled (see `settle`). */
    settled: () => settle(adding, fallback, queues),
    async close() {
      await Promise.all(workers.splice(0).map((worker) => worker.close()));
      await Promise.all(adding);
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      await fallback.close();
    },
  } satisfies Jobs & Record<string, unknown>;
  return jobs;
}

/**
 * Waits for this process's adds, then until no queue of the deployment has a job waiting,
 * running or delayed (a test's own prefix makes that its own jobs); an unreachable Redis counts
 * as settled, since what could not be queued ran here.
 */
async function settle(
  adding: Set<Promise<unknown>>,
  fallback: ProcessJobs,
  queues: Parameters<typeof busy>[0],
) {
  while (adding.size > 0) await Promise.all(adding);
  await fallback.settled();
  try {
    while (await busy(queues)) await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
  } catch {
    // Redis out of reach: nothing more can be learned or waited for.
  }
  await fallback.settled();
}
