import type { Clock } from "@ledgerline/clock";
import {
  BurstyRateLimiter,
  RateLimiterCompatibleAbstract,
  RateLimiterRes,
  type RateLimiterLike,
} from "rate-limiter-flexible";

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

/**
 * Counts `points` for the key on a rate-limiter-flexible limiter; over its limit, refused with
 * the wait until it has room. The one place a refusal becomes a wait: the throttles (API) and
 * the providers' budgets both take through it.
 */
export async function takeFrom(
  limiter: Pick<RateLimiterLike, "consume">,
  key: string,
  points = 1,
): Promise<RateLimitDecision> {
  try {
    await limiter.consume(key, points);
    return { allowed: true };
  } catch (error) {
    if (error instanceof RateLimiterRes)
      return { allowed: false, retryAfterMs: Math.ceil(error.msBeforeNext) };
    throw error;
  }
}

/**
 * rate-limiter-flexible's in-memory fixed window, counted on the given clock rather than
 * Date.now, so the market's tests, the benchmark and pinned demos drive it with their clock.
 * Only `consume` is needed (BurstyRateLimiter calls nothing else).
 */
class ClockWindowLimiter extends RateLimiterCompatibleAbstract {
  readonly #windows = new Map<string, { consumed: number; endsAt: number }>();

  constructor(
    private readonly points: number,
    private readonly windowMs: number,
    private readonly clock: Clock,
  ) {
    super();
  }

  override consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    const now = this.clock.now();
    const open = this.#windows.get(String(key));
    const window = open && open.endsAt > now ? open : { consumed: 0, endsAt: now + this.windowMs };
    this.#windows.set(String(key), window);
    window.consumed += points;
    const res = new RateLimiterRes(
      Math.max(this.points - window.consumed, 0),
      window.endsAt - now,
      window.consumed,
      window.consumed === points,
    );
    // rate-limiter-flexible's contract: a refusal rejects with its RateLimiterRes, not an Error.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
    return window.consumed > this.points ? Promise.reject(res) : Promise.resolve(res);
  }
}

/**
 * A provider's budget within one process, per key: `requests` at once, then one more every
 * `perMs / requests` (a steady window of one request, with a burst window of the rest over
 * `perMs`), refused at once with the wait rather than queued, so a caller can serve stale data
 * instead of hanging. Across processes the API counts the same limit in Redis (decision 0028).
 */
export function providerBudget(limit: RateLimit, clock: Clock): RateLimiter {
  if (limit.requests <= 0 || limit.perMs <= 0)
    throw new RangeError("A rate limit needs positive requests and perMs");
  const limiter = new BurstyRateLimiter(
    new ClockWindowLimiter(1, limit.perMs / limit.requests, clock),
    new ClockWindowLimiter(limit.requests - 1, limit.perMs, clock),
  );
  return { take: (key) => takeFrom(limiter, key) };
}

export const unlimitedRateLimiter: RateLimiter = {
  take: async () => ({ allowed: true }),
};
