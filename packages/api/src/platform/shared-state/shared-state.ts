import type { MarketCache, RateLimit, RateLimiter, SingleFlight } from "@ledgerline/market";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { Redis } from "ioredis";

/**
 * What the API processes of one deployment share. One process (the embedded default) keeps it
 * in memory; several behind a load balancer share it through Redis (REDIS_URL). Everything
 * that would otherwise differ between processes goes through here: the market cache and its
 * single-flight, upstream and per-client rate limits, which process runs singleton jobs, and
 * the signals one process sends the others.
 */
export interface SharedState {
  kind: "process" | "redis";
  marketCache: MarketCache;
  singleFlight: SingleFlight;
  /**
   * One upstream budget per provider for the whole deployment; undefined where each process's
   * own token buckets are the deployment's (one process).
   */
  providerRateLimiter(limits: Readonly<Record<string, RateLimit>>): RateLimiter | undefined;
  /** A fixed-window counter of `points` per `seconds` per key (throttles). */
  counter(name: string, points: number, seconds: number): RateLimiterAbstract;
  /** Short-lived values each taken once, by any process (a passkey ceremony's challenge). */
  oneTimeValues: OneTimeValues;
  /** Singleton jobs run on exactly one process at a time. */
  leadership(name: string, options?: LeadershipOptions): Leadership;
  signals: Signals;
  /** Counters of what cached answers are built from (services/data-versions.ts). */
  versions: DataVersions;
  /** Upstream market calls of the whole deployment (every process), by provider and operation. */
  upstreamCalls: UpstreamCallCounter;
  /** The Redis connection, for libraries with a Redis store of their own. */
  redis: Redis | undefined;
  /**
   * Counts a request against the deployment's API request limit (one key per client, fixed
   * windows); undefined with one process, which counts in its own memory.
   */
  countRequest: RequestCount | undefined;
  /** For /api/health: "down" at once while Redis is known to be out of reach. */
  ping(): Promise<"ok" | "down" | "not configured">;
  /** Since when Redis has been out of reach (this process runs on its fallbacks), if it is. */
  readonly redisDownSince: Date | undefined;
  close(): Promise<void>;
}

export interface OneTimeValues {
  put(key: string, value: string, ttlMs: number): Promise<void>;
  /** The value, removed as it is read; undefined when it was never put, is taken or expired. */
  take(key: string): Promise<string | undefined>;
}

export interface LeadershipOptions {
  /**
   * While Redis is out of reach (no lease can be held): "stand down" (the default) for a job
   * that must not run on two processes at once, "lead" for one each process needs for its own
   * clients (a live-price feed), which then runs on every process until Redis answers again.
   */
  whileRedisDown?: "lead" | "stand down";
  /** This job's lease times instead of the deployment's default. */
  lease?: { leaseMs: number; renewMs: number };
}

/** What a shared read throws at once while Redis is out of reach (the caller takes its fallback). */
export class SharedStateUnavailable extends Error {
  constructor() {
    super("the shared state (Redis) is out of reach");
    this.name = "SharedStateUnavailable";
  }
}

export interface Leadership {
  /** Calls `gained` when this process becomes the one that runs the job, `lost` when it stops being it. */
  start(handlers: { gained(): void; lost(): void }): void;
  stop(): Promise<void>;
  readonly isLeader: boolean;
}

export interface UpstreamCallCounter {
  record(call: UpstreamCall): void;
  totals(): Promise<(UpstreamCall & { calls: number })[]>;
}

export interface UpstreamCall {
  provider: string;
  operation: string;
}

/**
 * Counters by name that grow with every write to what they name (a user's data, the user list):
 * an answer cached under the values read before it was built is current while they hold.
 */
export interface DataVersions {
  /**
   * The named counters' values as one text; throws when they cannot be read (at once, with
   * SharedStateUnavailable, while Redis is out of reach). Values read after an outage differ
   * from those read before it, so nothing cached under the old ones is used again.
   */
  read(names: readonly string[]): Promise<string>;
  /**
   * Counts a write; a failure is never thrown (the write itself is done): a bump Redis could not
   * take is made once it answers again.
   */
  bump(names: readonly string[]): Promise<void>;
}

export type RequestCount = (
  key: string,
  windowMs: number,
) => Promise<{ current: number; ttl: number }>;

/** Fire-and-forget messages to every process (this one included). */
export interface Signals {
  publish(channel: string, message: string): Promise<void>;
  /** Returns a function that unsubscribes. */
  subscribe(channel: string, handler: (message: string) => void): () => void;
  /**
   * Resolves once every subscription made so far hears what is published: with Redis a channel
   * is heard only after the server has answered SUBSCRIBE, a round trip after subscribe().
   */
  ready(): Promise<void>;
}
