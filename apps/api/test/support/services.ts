import { Redis } from "ioredis";

/**
 * The services some suites need besides SQLite (Redis; PostgreSQL has its own set-up). On a
 * machine without them those suites are skipped with a loud note, unless
 * LEDGERLINE_REQUIRE_SERVICES=1 (CI), where a missing service fails the run.
 */
// eslint-disable-next-line no-restricted-properties -- test set-up reads where its services are
const env = process.env;
export const requireServices = env.LEDGERLINE_REQUIRE_SERVICES === "1";
export const testRedisUrl = env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether a Redis server answers PING at `url`. */
export async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Whether Redis answers; says so loudly when it does not, and throws where it must. */
export async function redisForTests(suite: string): Promise<boolean> {
  if (await redisAnswers(testRedisUrl)) return true;
  const note = `Redis does not answer at ${testRedisUrl}: ${suite} is SKIPPED. Start Redis (see README) or set TEST_REDIS_URL.`;
  if (requireServices) throw new Error(`${note} (LEDGERLINE_REQUIRE_SERVICES=1)`);
  console.warn(`\n${"!".repeat(100)}\n${note}\n${"!".repeat(100)}\n`);
  return false;
}

/** A key prefix no other test run shares; `dropKeys` removes what it left behind. */
export function uniqueRedisPrefix(label: string): string {
  return `ledgerline-test:${label}:${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}:`;
}

export async function dropKeys(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl);
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
