import type { BackgroundWork } from "../background-work";
import type { Logger } from "../logger";
import type { HandledQueue, Jobs, QueuePolicy } from "./jobs";
import { createProcessJobs } from "./process-jobs";
import { createRedisJobs } from "./redis-jobs";

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

/** BullMQ on Redis when REDIS_URL is set, otherwise this process's own queues. */
export function createJobs({ redisUrl, redisKeyPrefix, lockMs, ...options }: JobsOptions): Jobs {
  const local = createProcessJobs(options);
  if (!redisUrl) return local;
  return createRedisJobs({
    url: redisUrl,
    prefix: `${redisKeyPrefix}jobs`,
    logger: options.logger,
    policies: options.policies,
    lockMs,
    fallback: local,
  });
}
