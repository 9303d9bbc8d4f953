import type { Clock as MarketClock } from "@ledgerline/market";
import { createProcessState } from "./process-state";
import { createRedisState } from "./redis-state";
import type { LeaseTimes } from "./redis-leadership";
import type { SharedState } from "./shared-state";

export type { DataVersions, Leadership, SharedState, Signals } from "./shared-state";
export { SharedStateUnavailable } from "./shared-state";

export interface SharedStateOptions {
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  marketClock: MarketClock;
  /** A Redis call that failed for another reason than Redis being out of reach. */
  onError: (error: unknown) => void;
  /** Redis went out of reach (false: this process runs on its fallbacks) or answers again. */
  onAvailability?: (up: boolean) => void;
  lease?: Partial<LeaseTimes>;
  /** Between checks that Redis answers again while it is out of reach (default 500 ms). */
  probeMs?: number;
}

/** Redis when REDIS_URL is set (several processes), otherwise this process's memory. */
export function createSharedState(options: SharedStateOptions): Promise<SharedState> {
  if (!options.redisUrl) return Promise.resolve(createProcessState(options.marketClock));
  return createRedisState({
    url: options.redisUrl,
    prefix: options.redisKeyPrefix,
    marketClock: options.marketClock,
    onError: options.onError,
    onAvailability: options.onAvailability,
    lease: options.lease,
    probeMs: options.probeMs,
  });
}
