import {
  InMemoryMarketCache,
  type Clock as MarketClock,
  type MarketCache,
} from "@ledgerline/market";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { fallbackMarketCache, RedisMarketCache } from "./redis-market-cache";
import { redisAvailability, type RedisAvailability } from "./redis-availability";
import { redisLeadership, defaultLeaseTimes, type LeaseTimes } from "./redis-leadership";
import { redisBatch, type RedisBatch } from "./redis-batch";
import { redisSignals } from "./redis-signals";
import { redisOneTimeValues } from "./one-time-values";
import { RedisSingleFlight } from "./redis-single-flight";
import { providerBudgets } from "../throttle";
import { EVERYONE, MARKET, SESSION_REVOCATIONS, USER_LIST } from "../data-versions";
import {
  SharedStateUnavailable,
  type DataVersions,
  type Leadership,
  type RequestCount,
  type SharedState,
} from "./shared-state";

export interface RedisStateOptions {
  url: string;
  /** Every key and channel starts with it, so deployments (and test runs) sharing a Redis never meet. */
  prefix: string;
  marketClock: MarketClock;
  /** A Redis call that failed for another reason than Redis being out of reach. */
  onError: (error: unknown) => void;
  /** Redis went out of reach (false: this process runs on its fallbacks) or answers again. */
  onAvailability?: (up: boolean) => void;
  lease?: Partial<LeaseTimes>;
  /** Longer than any upstream call may take (the providers' timeouts). */
  singleFlightLockMs?: number;
  /** Between checks that Redis answers again while it is out of reach (default 500 ms). */
  probeMs?: number;
}

/**
 * A connection that answers or fails fast: a command waits at most a second for Redis, and
 * while the connection is down a command fails at once (no queue of commands waiting for it to
 * come back: each caller takes its fallback). It reconnects by itself, at most a second after
 * Redis is back. With `pipelined`, the commands issued in one turn of the event loop go out as
 * one write (ioredis' auto-pipelining; MULTI and subscriptions excepted): every signed-in request
 * asks Redis a thing or two (rate limit, session revocations and data versions), and under load
 * a socket write per command was a third of a kept hot read's CPU (bench/api-profile). Commands
 * keep their order on the connection; a MULTI (a version bump) may go out before reads queued in
 * the same turn, which then see the bump, as a read issued just after it would.
 */
function connect(Client: typeof Redis, url: string, pipelined = false): Redis {
  return new Client(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // A command cut off by a lost connection has failed for its caller; it is not sent again.
    autoResendUnfulfilledCommands: false,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    enableAutoPipelining: pipelined,
  });
}

/** Past this many names owed, the bump owed is everyone's (every cached answer misses). */
const MAX_OWED_BUMPS = 10_000;

/**
 * The counters in Redis, so a write on one process makes every process's cached answers miss.
 * A bump Redis cannot take is owed and made before Redis counts as back (`payOwed`); values read
 * after an outage carry its number, so an answer cached before it (under counters a restarted
 * Redis may count up to again) never matches.
 */
function redisVersions(
  redis: Redis,
  batch: RedisBatch,
  prefix: string,
  availability: RedisAvailability,
  report: (error: unknown) => void,
): DataVersions & { payOwed(): Promise<void> } {
  const key = (name: string) => `${prefix}version:${name}`;
  let owed = new Set<string>();
  const owe = (names: readonly string[]) => {
    for (const name of names) owed.add(name);
    if (owed.size > MAX_OWED_BUMPS)
      owed = new Set([EVERYONE, USER_LIST, MARKET, SESSION_REVOCATIONS]);
  };
  const incr = async (names: readonly string[]) => {
    const multi = redis.multi();
    for (const name of names) multi.incr(key(name));
    await multi.exec();
  };
  return {
    async read(names) {
      if (!availability.up) throw new SharedStateUnavailable();
      let values: (string | null)[];
      try {
        values = await batch.mget(names.map(key));
      } catch (error) {
        report(error);
        throw error;
      }
      const outages = availability.outages;
      return values
        .map((value) => (outages === 0 ? (value ?? "0") : `${value ?? "0"}~${outages}`))
        .join(".");
    },
    async bump(names) {
      if (!availability.up) return owe(names);
      try {
        await incr(names);
      } catch (error) {
        report(error);
        owe(names);
      }
    },
    async payOwed() {
      if (owed.size === 0) return;
      const names = [...owed];
      owed = new Set();
      try {
        await incr(names);
      } catch (error) {
        owe(names);
        throw error;
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

/** Fixed windows counted in this process's memory: the request limit while Redis is away. */
function processRequestCount(): RequestCount {
  const windows = new Map<string, { current: number; endsAt: number }>();
  let swept = Date.now();
  return async (key, windowMs) => {
    const now = Date.now();
    if (now - swept > windowMs) {
      for (const [id, window] of windows) if (window.endsAt <= now) windows.delete(id);
      swept = now;
    }
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { current: 0, endsAt: now + windowMs };
      windows.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.endsAt - now };
  };
}

/** Several API processes sharing state through Redis (REDIS_URL). */
export async function createRedisState(options: RedisStateOptions): Promise<SharedState> {
  const { prefix } = options;
  const { redis, subscriber, publisher, connections } = await openConnections(options.url);

  let payOwed = async () => {};
  const { availability, report } = watchAvailability(redis, connections, options, () => payOwed());

  const signals = redisSignals(publisher, subscriber, availability, report);
  const lease = { ...defaultLeaseTimes, ...options.lease };
  const leaderships: Leadership[] = [];
  const batch = redisBatch(redis);
  const versions = redisVersions(redis, batch, prefix, availability, report);
  payOwed = () => versions.payOwed();
  const countRequest = redisRequestCount(batch, availability, report);
  return {
    kind: "redis",
    marketCache: versionedMarketCache(
      fallbackMarketCache(
        new RedisMarketCache(redis, `${prefix}market:`, options.marketClock, report),
        new InMemoryMarketCache({ clock: options.marketClock }),
        availability,
      ),
      versions,
    ),
    versions,
    singleFlight: new RedisSingleFlight(
      redis,
      availability,
      signals,
      prefix,
      options.singleFlightLockMs ?? 15_000,
      report,
    ),
    // One upstream budget per provider for every process together (Polygon's free tier allows 5
    // calls a minute per key, not per process), in fixed windows of the limit's period.
    providerRateLimiter: (limits) =>
      providerBudgets(limits, ({ requests, perMs }) =>
        redisCounter(redis, `${prefix}upstream`, requests, Math.max(1, Math.round(perMs / 1000))),
      ),
    counter: (name, points, seconds) =>
      redisCounter(redis, `${prefix}throttle:${name}`, points, seconds),
    oneTimeValues: redisOneTimeValues(redis, prefix, availability, report),
    leadership(name, leadershipOptions = {}) {
      const leadership = redisLeadership(
        redis,
        `${prefix}leader:${name}`,
        { ...lease, ...leadershipOptions.lease },
        availability,
        leadershipOptions,
        report,
      );
      leaderships.push(leadership);
      return leadership;
    },
    signals: {
      publish: (channel, message) => signals.publish(prefix + channel, message),
      subscribe: (channel, handler) => signals.subscribe(prefix + channel, handler),
      ready: () => signals.ready(),
    },
    upstreamCalls: redisUpstreamCalls(redis, `${prefix}upstream-calls`, availability, report),
    redis,
    countRequest,
    ping: () => pingRedis(redis, availability, report),
    get redisDownSince() {
      const since = availability.downSince;
      return since === undefined ? undefined : new Date(since);
    },
    async close() {
      await Promise.all(leaderships.map((leadership) => leadership.stop()));
      availability.close();
      // Commands queued for the next pipelined write (a lock's release after its work) go out
      // and are answered first: pipelines run in order, so once this one is answered they are.
      await redis.ping().catch(() => undefined);
      for (const connection of connections) connection.disconnect();
    },
  };
}

/**
 * Whether Redis is in reach, and how a failed call is reported: Redis being out of reach is the
 * availability's news; any other failure goes to `onError`.
 */
function watchAvailability(
  redis: Redis,
  connections: Redis[],
  options: RedisStateOptions,
  beforeUp: () => Promise<void>,
) {
  const availability = redisAvailability({
    connections,
    probe: redis,
    probeMs: options.probeMs ?? 500,
    beforeUp,
  });
  availability.onChange((up) => options.onAvailability?.(up));
  const report = (error: unknown) => {
    if (!availability.failed(error)) options.onError(error);
  };
  return { availability, report };
}

/** Whether Redis answers now; "down" while it is known to be out of reach. */
async function pingRedis(
  redis: Redis,
  availability: RedisAvailability,
  report: (error: unknown) => void,
): Promise<"ok" | "down"> {
  if (!availability.up) return "down";
  try {
    return (await redis.ping()) === "PONG" ? "ok" : "down";
  } catch (error) {
    report(error);
    return "down";
  }
}

/**
 * The three connections: commands, subscriptions, and publishing signals. ioredis is loaded
 * here, not with the module: a process without REDIS_URL never needs its 2-3 MB (issue 35).
 */
async function openConnections(url: string) {
  const { Redis: Client } = await import("ioredis");
  const redis = connect(Client, url, true);
  const subscriber = connect(Client, url);
  // Signals (live ticks above all) go out at once on a connection of their own, not with the
  // next pipelined write of the requests' commands.
  const publisher = connect(Client, url);
  const connections = [redis, subscriber, publisher];
  try {
    await Promise.all(connections.map((connection) => connection.connect()));
    await redis.ping();
  } catch (error) {
    for (const connection of connections) connection.disconnect();
    throw new Error(`REDIS_URL does not answer: ${(error as Error).message}`, { cause: error });
  }
  // Connection errors are reported by the commands that meet them; these would only repeat them.
  for (const connection of connections) connection.on("error", () => {});
  return { redis, subscriber, publisher, connections };
}

/** The request limit's count in Redis, batched; while Redis is out of reach, this process's. */
function redisRequestCount(
  batch: RedisBatch,
  availability: RedisAvailability,
  report: (error: unknown) => void,
): RequestCount {
  const countLocally = processRequestCount();
  return async (key, windowMs) => {
    if (availability.up) {
      try {
        return await batch.count(key, windowMs);
      } catch (error) {
        report(error);
      }
    }
    return countLocally(key, windowMs);
  };
}

/** Upstream calls by provider and operation, for every process together (the metrics). */
function redisUpstreamCalls(
  redis: Redis,
  key: string,
  availability: RedisAvailability,
  report: (error: unknown) => void,
): SharedState["upstreamCalls"] {
  return {
    record(call) {
      if (!availability.up) return;
      redis.hincrby(key, `${call.provider} ${call.operation}`, 1).catch(report);
    },
    async totals() {
      if (!availability.up) return [];
      try {
        const counts = await redis.hgetall(key);
        return Object.entries(counts).map(([id, calls]) => {
          const [provider = "", operation = ""] = id.split(" ");
          return { provider, operation, calls: Number(calls) };
        });
      } catch (error) {
        report(error);
        return [];
      }
    },
  };
}

/** A fixed-window counter in Redis; while Redis is out of reach each process counts on its own. */
function redisCounter(redis: Redis, keyPrefix: string, points: number, seconds: number) {
  return new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration: seconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ points, duration: seconds }),
  });
}
