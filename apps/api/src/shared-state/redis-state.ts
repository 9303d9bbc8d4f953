import type { Clock as MarketClock } from "@ledgerline/market";
import { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { RedisMarketCache } from "./redis-market-cache";
import { redisLeadership, defaultLeaseTimes, type LeaseTimes } from "./redis-leadership";
import { redisBatch, type RedisBatch } from "./redis-batch";
import { redisProviderRateLimiter } from "./redis-rate-limiter";
import { redisSignals } from "./redis-signals";
import { RedisSingleFlight } from "./redis-single-flight";
import { MARKET } from "../services/data-versions";
import type { DataVersions, Leadership, SharedState } from "./shared-state";
import type { MarketCache } from "@ledgerline/market";

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

/**
 * A connection that answers or fails fast: a command waits at most a second for Redis. With
 * `pipelined`, the commands issued in one turn of the event loop go out as one write (ioredis'
 * auto-pipelining; MULTI and subscriptions excepted): every signed-in request asks Redis a thing
 * or two (rate limit, session revocations and data versions), and under load a socket write per
 * command was a third of a kept hot read's CPU (bench/api-profile). Commands keep their order on
 * the connection; a MULTI (a version bump) may go out before reads queued in the same turn,
 * which then see the bump, as a read issued just after it would.
 */
function connect(url: string, pipelined = false): Redis {
  return new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableAutoPipelining: pipelined,
  });
}

/** The counters in Redis, so a write on one process makes every process's cached answers miss. */
function redisVersions(
  redis: Redis,
  batch: RedisBatch,
  prefix: string,
  onError: (error: unknown) => void,
): DataVersions {
  const key = (name: string) => `${prefix}version:${name}`;
  return {
    async read(names) {
      const values = await batch.mget(names.map(key));
      return values.map((value) => value ?? "0").join(".");
    },
    async bump(names) {
      try {
        const batch = redis.multi();
        for (const name of names) batch.incr(key(name));
        await batch.exec();
      } catch (error) {
        onError(error);
      }
    },
  };
}

/** A quote any process stores changes the market version, so cached answers built on it miss. */
function versionedMarketCache(cache: MarketCache, versions: DataVersions): MarketCache {
  return {
    get: (key) => cache.get(key),
    async set(key, entry) {
      await cache.set(key, entry);
      await versions.bump([MARKET]);
    },
    async delete(key) {
      await cache.delete(key);
      await versions.bump([MARKET]);
    },
  };
}

/** Several API processes sharing state through Redis (REDIS_URL). */
export async function createRedisState(options: RedisStateOptions): Promise<SharedState> {
  const { prefix, onError } = options;
  const redis = connect(options.url, true);
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
  const batch = redisBatch(redis);
  const versions = redisVersions(redis, batch, prefix, onError);
  return {
    kind: "redis",
    marketCache: versionedMarketCache(
      new RedisMarketCache(redis, `${prefix}market:`, options.marketClock, onError),
      versions,
    ),
    versions,
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
      ready: () => signals.ready(),
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
    countRequest: (key, windowMs) => batch.count(key, windowMs),
    async ping() {
      try {
        return (await redis.ping()) === "PONG" ? "ok" : "down";
      } catch {
        return "down";
      }
    },
    async close() {
      await Promise.all(leaderships.map((leadership) => leadership.stop()));
      // Commands queued for the next pipelined write (a lock's release after its work) go out
      // and are answered first: pipelines run in order, so once this one is answered they are.
      await redis.ping().catch(() => undefined);
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}
