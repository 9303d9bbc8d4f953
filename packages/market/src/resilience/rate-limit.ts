import type { Clock } from "@ledgerline/clock";

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Decides whether one more upstream request may go out now for `key` (a provider). */
export interface RateLimiter {
  take(key: string): Promise<RateLimitDecision>;
}

export interface RateLimit {
  /** Requests allowed per `perMs`; also the burst size. */
  requests: number;
  perMs: number;
}

interface Bucket {
  tokens: number;
  refilledAt: number;
}

/**
 * A token bucket per key: `requests` tokens, refilled continuously over `perMs`. A request that
 * finds the bucket empty is refused at once (with the wait until the next token) rather than
 * queued, so a caller can serve stale data instead of hanging.
 */
export class TokenBucketRateLimiter implements RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: Clock,
  ) {
    if (limit.requests <= 0 || limit.perMs <= 0)
      throw new RangeError("A rate limit needs positive requests and perMs");
    this.refillPerMs = limit.requests / limit.perMs;
  }

  async take(key: string): Promise<RateLimitDecision> {
    const now = this.clock.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.limit.requests, refilledAt: now };
    bucket.tokens = Math.min(
      this.limit.requests,
      bucket.tokens + (now - bucket.refilledAt) * this.refillPerMs,
    );
    bucket.refilledAt = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterMs: Math.ceil((1 - bucket.tokens) / this.refillPerMs) };
  }
}

export const unlimitedRateLimiter: RateLimiter = {
  take: async () => ({ allowed: true }),
};
