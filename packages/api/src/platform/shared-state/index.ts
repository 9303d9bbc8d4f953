import { createProcessState } from "./process-state";
import { createRedisState, type RedisStateOptions } from "./redis-state";
import type { SharedState } from "./shared-state";

export type { DataVersions, Leadership, OneTimeValues, SharedState, Signals } from "./shared-state";
export { SharedStateUnavailable } from "./shared-state";

/** The Redis state's options, with REDIS_URL and REDIS_KEY_PREFIX named as in the environment. */
export interface SharedStateOptions extends Omit<RedisStateOptions, "url" | "prefix"> {
  /** Unset: this process's memory, for one process. */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
}

/** Redis when REDIS_URL is set (several processes), otherwise this process's memory. */
export function createSharedState({
  redisUrl,
  redisKeyPrefix,
  ...options
}: SharedStateOptions): Promise<SharedState> {
  if (!redisUrl) return Promise.resolve(createProcessState(options.marketClock));
  return createRedisState({ ...options, url: redisUrl, prefix: redisKeyPrefix });
}
