import type { BackgroundWork } from "../background-work";
import type { Logger } from "../logger";
import type { HandledQueue, Jobs, QueuePolicy } from "./jobs";
import { createProcessJobs } from "./process-jobs";

export interface JobsOptions {
  /** Unset: jobs run in this process (one process, the embedded default). */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  background: BackgroundWork;
  logger: Logger;
  policies?: Partial<Record<HandledQueue, Partial<QueuePolicy>>>;
  /** With Redis: how soon a dead worker's job goes to another (redis-jobs.ts); tests only. */
  lockMs?: number;
}

/**
 * BullMQ on Redis when REDIS_URL is set, otherwise this process's own queues. The Redis side is
 * imported only then, so a one-process deployment loads no BullMQ.
 */
export async function createJobs({
  redisUrl,
  redisKeyPrefix,
  lockMs,
  ...options
}: JobsOptions): Promise<Jobs> {
  const local = createProcessJobs(options);
  if (!redisUrl) return local;
  const { createRedisJobs } = await import("./redis-jobs");
  return createRedisJobs({
    url: redisUrl,
    prefix: `${redisKeyPrefix}jobs`,
    logger: options.logger,
    policies: options.policies,
    lockMs,
    fallback: local,
  });
}
