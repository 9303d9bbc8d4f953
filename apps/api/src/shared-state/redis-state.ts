import type { Clock as MarketClock } from "@ledgerline/market";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { RedisMarketCache } from "./redis-market-cache";
import { redisLeadership, defaultLeaseTimes, type LeaseTimes } from "./redis-leadership";
import { redisProviderRateLimiter } from "./redis-rate-limiter";
import { redisSignals } from "./redis-signals";
import { RedisSingleFlight } from "./redis-single-flight";
import type { Leadership, SharedState } from "./shared-state";

export interface RedisStateOptions {
  url: string;
  /** Every key and channel starts with it, so deployments (and test runs) sharing a Redis never meet. */
  prefix: string;
  marketClock: MarketClock;
  onError: (error: unknown) => void;
  lease?: Partial<LeaseTimes>;
  /** Longer than any upstream call may take (the providers' timeouts). */
  singleFlightLockMs?: number;
}

/** A connection that answers or fails fast: a command waits at most a second for Redis. */
function connect(url: string): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
}

/** Several API processes sharing state through Redis (REDIS_URL). */
export async function createRedisState(options: RedisStateOptions): Promise<SharedState> {
  const { prefix, onError } = options;
  const redis = connect(options.url);
  const subscriber = connect(options.url);
  try {
    await Promise.all([redis.connect(), subscriber.connect()]);
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL does not answer: ${(error as Error).message}`, { cause: error });
  }
  // Connection errors are reported by the commands that meet them; these would only repeat them.
  redis.on("error", () => {});
  subscriber.on("error", () => {});

  const signals = redisSignals(redis, subscriber, onError);
  const lease = { ...defaultLeaseTimes, ...options.lease };
  const leaderships: Leadership[] = [];
  return {
    kind: "redis",
    marketCache: new RedisMarketCache(redis, `${prefix}market:`, options.marketClock, onError),
    singleFlight: new RedisSingleFlight(
      redis,
      signals,
      prefix,
      options.singleFlightLockMs ?? 15_000,
      onError,
    ),
    providerRateLimiter: (limits) => redisProviderRateLimiter(redis, prefix, limits),
    counter: (name, points, seconds) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}throttle:${name}`,
        points,
        duration: seconds,
        // While Redis is unreachable each process counts on its own rather than failing.
        insuranceLimiter: new RateLimiterMemory({ points, duration: seconds }),
      }),
    leadership(name) {
      const leadership = redisLeadership(redis, `${prefix}leader:${name}`, lease, onError);
      leaderships.push(leadership);
      return leadership;
    },
    signals: {
      publish: (channel, message) => signals.publish(prefix + channel, message),
      subscribe: (channel, handler) => signals.subscribe(prefix + channel, handler),
    },
    upstreamCalls: {
      record: (call) =>
        void redis
          .hincrby(`${prefix}upstream-calls`, `${call.provider} ${call.operation}`, 1)
          .catch(onError),
      totals: async () =>
        Object.entries(await redis.hgetall(`${prefix}upstream-calls`)).map(([id, calls]) => {
          const [provider = "", operation = ""] = id.split(" ");
          return { provider, operation, calls: Number(calls) };
        }),
    },
    redis,
    async ping() {
      try {
        return (await redis.ping()) === "PONG" ? "ok" : "down";
      } catch {
        return "down";
      }
    },
    async close() {
      await Promise.all(leaderships.map((leadership) => leadership.stop()));
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
