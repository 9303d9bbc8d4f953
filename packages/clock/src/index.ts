/**
 * Time as the program sees it: the one clock (issue 30). Everything that depends on "now" (the
 * simulated market, cache freshness, rate limits, circuit breakers, sessions, idempotency keys,
 * alerts) reads it from a Clock it is given, so tests, the benchmark and the e2e run can pin or
 * drive time. `now()` is Unix milliseconds, the cheapest form to compare and add to; code that
 * stores or writes an instant takes `dateOf(clock)`.
 */
export interface Clock {
  /** Unix milliseconds. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export type TimerHandle = unknown;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Time stands still at `at`; timers still run in real time (for pinned e2e runs). */
export function fixedClock(at: Date | number): Clock {
  const instant = typeof at === "number" ? at : at.getTime();
  return { ...systemClock, now: () => instant };
}

/** Time starts at `start` and then runs at normal speed, so a pinned demo still moves. */
export function clockStartingAt(start: Date | number, base: Clock = systemClock): Clock {
  const offset = (typeof start === "number" ? start : start.getTime()) - base.now();
  return { ...base, now: () => base.now() + offset };
}

/** The clock's instant as a Date, for code that stores a timestamp or writes one. */
export function dateOf(clock: Pick<Clock, "now">): Date {
  return new Date(clock.now());
}
