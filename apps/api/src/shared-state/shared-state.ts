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
  /** Singleton jobs run on exactly one process at a time. */
  leadership(name: string): Leadership;
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
  /** For /api/health. */
  ping(): Promise<"ok" | "down" | "not configured">;
  close(): Promise<void>;
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
  /** The named counters' values as one text; throws when they cannot be read. */
  read(names: readonly string[]): Promise<string>;
  /** Counts a write; a failure is reported, never thrown (the write itself is done). */
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
