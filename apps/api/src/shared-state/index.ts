import type { Clock as MarketClock } from "@ledgerline/market";
import { createProcessState } from "./process-state";
import { createRedisState } from "./redis-state";
import type { LeaseTimes } from "./redis-leadership";
import type { SharedState } from "./shared-state";

export type { DataVersions, Leadership, SharedState, Signals } from "./shared-state";

export interface SharedStateOptions {
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  marketClock: MarketClock;
  onError: (error: unknown) => void;
  lease?: Partial<LeaseTimes>;
}

/** Redis when REDIS_URL is set (several processes), otherwise this process's memory. */
export function createSharedState(options: SharedStateOptions): Promise<SharedState> {
  if (!options.redisUrl) return Promise.resolve(createProcessState(options.marketClock));
  return createRedisState({
    url: options.redisUrl,
    prefix: options.redisKeyPrefix,
    marketClock: options.marketClock,
    onError: options.onError,
    lease: options.lease,
  });
}
