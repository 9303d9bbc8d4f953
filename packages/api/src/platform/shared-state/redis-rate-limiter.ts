import type { RateLimit, RateLimiter } from "@ledgerline/market";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

/**
 * One upstream budget per provider for every process together (Polygon's free tier allows 5
 * calls a minute per key, not per process). Fixed windows of the limit's period in Redis; a
 * refused call learns how long until the next window. Providers without a limit are not limited.
 */
export function redisProviderRateLimiter(
  redis: Redis,
  prefix: string,
  limits: Readonly<Record<string, RateLimit>>,
): RateLimiter {
  const limiters = new Map(
    Object.entries(limits).map(([provider, limit]) => [
      provider,
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}upstream`,
        points: limit.requests,
        duration: Math.max(1, Math.round(limit.perMs / 1000)),
        // While Redis is out of reach each process keeps to the budget on its own.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({
          points: limit.requests,
          duration: Math.max(1, Math.round(limit.perMs / 1000)),
        }),
      }),
    ]),
  );
  return {
    async take(provider) {
      const limiter = limiters.get(provider);
      if (!limiter) return { allowed: true };
      try {
        await limiter.consume(provider);
        return { allowed: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          return { allowed: false, retryAfterMs: error.msBeforeNext };
        }
        throw error;
      }
    },
  };
}
