import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { RequestCount } from "@ledgerline/api/platform/shared-state/shared-state";

/**
 * @fastify/rate-limit's store for the deployment's request limit in Redis, counted as its own
 * Redis store counts (the same keys, fixed windows, the expiry set by a window's first request),
 * through the shared state's batched count: one script call per turn of the event loop for all
 * the requests of that turn (redis-batch.ts), not a command per request.
 */
export function requestLimitStore(
  count: RequestCount,
  nameSpace: string,
): FastifyRateLimitStoreCtor {
  return class RequestLimitStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      // What the Redis store does on exceeding (a window renewed or lengthened) is not counted here.
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error("the request limit store counts fixed windows only");
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      count(`${nameSpace}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    child(): never {
      throw new Error("routes have no request limits of their own");
    }
  };
}
