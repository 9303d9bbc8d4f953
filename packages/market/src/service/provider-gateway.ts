import type { Clock } from "@ledgerline/clock";
import {
  MarketDataError,
  toMarketDataError,
  type MarketErrorKind,
  type MarketOperation,
} from "../errors";
import type { CircuitBreaker } from "../resilience/circuit-breaker";
import type { RateLimiter } from "../resilience/rate-limit";

/** One call that actually went to a provider, for logs, metrics and the fan-out benchmark. */
export interface UpstreamCallEvent {
  provider: string;
  operation: MarketOperation;
  outcome: "ok" | MarketErrorKind;
  durationMs: number;
}

export type UpstreamCallListener = (event: UpstreamCallEvent) => void;

/** Failures that say the provider is unhealthy; a 404 or a refused key is an answer, not an outage. */
const HEALTH_FAILURES: ReadonlySet<MarketErrorKind> = new Set([
  "unavailable",
  "bad_response",
  "rate_limited",
]);

/**
 * The one door to a provider: the circuit breaker and the rate limiter decide whether a call may
 * go out, and every call that does is reported.
 */
export class ProviderGateway {
  constructor(
    private readonly providerId: string,
    private readonly options: {
      clock: Clock;
      rateLimiter: RateLimiter;
      breaker: CircuitBreaker;
      /** The longest a call may take; past it the call fails as unavailable (its answer is dropped). */
      timeoutMs: number;
      onUpstreamCall?: UpstreamCallListener | undefined;
    },
  ) {}

  get circuitState() {
    return this.options.breaker.state;
  }

  async call<T>(operation: MarketOperation, run: () => Promise<T>): Promise<T> {
    const { breaker, rateLimiter, clock, onUpstreamCall } = this.options;
    if (!breaker.tryAcquire()) {
      throw new MarketDataError(operation, "unavailable", {
        detail: `${this.providerId}: circuit open after repeated failures`,
      });
    }
    const decision = await rateLimiter.take(this.providerId);
    if (!decision.allowed) {
      // Not a provider failure: hand the trial back (if this was one) without a verdict.
      breaker.release();
      throw new MarketDataError(operation, "rate_limited", {
        detail: `${this.providerId}: local rate limit reached`,
        retryAfterMs: decision.retryAfterMs,
      });
    }
    const started = clock.now();
    try {
      const result = await this.withinTimeout(operation, run());
      breaker.recordSuccess();
      onUpstreamCall?.({
        provider: this.providerId,
        operation,
        outcome: "ok",
        durationMs: clock.now() - started,
      });
      return result;
    } catch (error) {
      const failure = toMarketDataError(error, operation, "bad_response");
      if (HEALTH_FAILURES.has(failure.kind)) breaker.recordFailure();
      else breaker.recordSuccess();
      onUpstreamCall?.({
        provider: this.providerId,
        operation,
        outcome: failure.kind,
        durationMs: clock.now() - started,
      });
      throw failure;
    }
  }

  /** The call's answer, or an `unavailable` failure once the timeout passes (a hung provider). */
  private withinTimeout<T>(operation: MarketOperation, pending: Promise<T>): Promise<T> {
    const { clock, timeoutMs } = this.options;
    return new Promise<T>((resolve, reject) => {
      const timer = clock.setTimeout(() => {
        reject(
          new MarketDataError(operation, "unavailable", {
            detail: `${this.providerId}: no answer within ${timeoutMs} ms`,
          }),
        );
      }, timeoutMs);
      pending.then(
        (value) => {
          clock.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clock.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}
