import type { Clock } from "@ledgerline/clock";

export type CircuitState = "closed" | "open" | "half-open";

/**
 * Stops calling a provider that keeps failing, so a dead upstream costs neither latency nor
 * quota; after a cooldown one trial request decides whether to close again.
 */
export interface CircuitBreaker {
  readonly state: CircuitState;
  /** Whether a request may go out now; in half-open state only one trial at a time. */
  tryAcquire(): boolean;
  recordSuccess(): void;
  recordFailure(): void;
  /** Gives back an acquired trial without a verdict (the request never went out). */
  release(): void;
}

export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. Default 5. */
  failureThreshold?: number;
  /** How long the circuit stays open before a trial. Default 30 s. */
  cooldownMs?: number;
  clock: Clock;
}

export class ConsecutiveFailureBreaker implements CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private trialInFlight = false;
  private readonly failureThreshold: number;
  private readonly cooldownMs: number;
  private readonly clock: Clock;

  constructor(options: CircuitBreakerOptions) {
    this.failureThreshold = options.failureThreshold ?? 5;
    this.cooldownMs = options.cooldownMs ?? 30_000;
    this.clock = options.clock;
  }

  get state(): CircuitState {
    if (this.openedAt === undefined) return "closed";
    return this.clock.now() - this.openedAt >= this.cooldownMs ? "half-open" : "open";
  }

  tryAcquire(): boolean {
    const state = this.state;
    if (state === "closed") return true;
    if (state === "open" || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openedAt = undefined;
    this.trialInFlight = false;
  }

  release(): void {
    this.trialInFlight = false;
  }

  recordFailure(): void {
    this.trialInFlight = false;
    this.failures += 1;
    // A failed trial re-opens at once; otherwise open after enough failures in a row.
    if (this.openedAt !== undefined || this.failures >= this.failureThreshold)
      this.openedAt = this.clock.now();
  }
}
