import {
  takeFrom,
  type RateLimit,
  type RateLimitDecision,
  type RateLimiter,
} from "@ledgerline/market";
import type { RateLimiterAbstract } from "rate-limiter-flexible";

/**
 * A fixed-window counter per key, kept where the deployment's processes share it (this
 * process's memory, or Redis when there are several): the sign-in and other throttles
 * (auth/throttles.ts) and, with Redis, the providers' upstream budgets (decision 0028).
 */
export class Throttle implements RateLimiter {
  readonly #limiter: RateLimiterAbstract;

  constructor(limiter: RateLimiterAbstract) {
    this.#limiter = limiter;
  }

  /** Counts `points` for the key; over its limit, refused with the wait until its window ends. */
  take(key: string, points = 1): Promise<RateLimitDecision> {
    return takeFrom(this.#limiter, key, points);
  }

  /** Counts one attempt (or `points` of a budget); false when the key is over its limit. */
  async tryConsume(key: string, points = 1): Promise<boolean> {
    return (await this.take(key, points)).allowed;
  }

  /** Gives back an attempt counted by tryConsume, e.g. once a login turned out right. */
  async refund(key: string): Promise<void> {
    await this.#limiter.reward(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}

/**
 * One budget per provider, each a Throttle keyed by the provider's name; a provider without a
 * limit is not limited.
 */
export function providerBudgets(
  limits: Readonly<Record<string, RateLimit>>,
  counter: (limit: RateLimit) => RateLimiterAbstract,
): RateLimiter {
  const throttles = new Map(
    Object.entries(limits).map(([provider, limit]) => [provider, new Throttle(counter(limit))]),
  );
  return {
    take: async (provider) => (await throttles.get(provider)?.take(provider)) ?? { allowed: true },
  };
}
