import type { Redis } from "ioredis";
import type { RedisAvailability } from "./redis-availability";
import type { OneTimeValues } from "./shared-state";

/** One process's single-use values, dropped once taken or past their time. */
export function processOneTimeValues(now: () => number = Date.now): OneTimeValues {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const sweep = () => {
    const at = now();
    for (const [key, entry] of values) if (entry.expiresAt <= at) values.delete(key);
  };
  return {
    async put(key, value, ttlMs) {
      sweep();
      values.set(key, { value, expiresAt: now() + ttlMs });
    },
    async take(key) {
      const entry = values.get(key);
      values.delete(key);
      return entry && entry.expiresAt > now() ? entry.value : undefined;
    },
  };
}

/**
 * Single-use values in Redis (SET PX, then GETDEL), so a value put by one process is taken by
 * whichever process the next request reaches, once. While Redis is out of reach they are kept
 * in this process's memory: a client that comes back to the same process still gets through.
 */
export function redisOneTimeValues(
  redis: Redis,
  prefix: string,
  availability: RedisAvailability,
  report: (error: unknown) => void,
): OneTimeValues {
  const local = processOneTimeValues();
  const key = (name: string) => `${prefix}once:${name}`;
  return {
    async put(name, value, ttlMs) {
      if (availability.up) {
        try {
          await redis.set(key(name), value, "PX", ttlMs);
          return;
        } catch (error) {
          report(error);
        }
      }
      await local.put(name, value, ttlMs);
    },
    async take(name) {
      const kept = await local.take(name);
      if (kept !== undefined || !availability.up) return kept;
      try {
        return (await redis.getdel(key(name))) ?? undefined;
      } catch (error) {
        report(error);
        return undefined;
      }
    },
  };
}
