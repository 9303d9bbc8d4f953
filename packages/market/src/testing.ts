import FakeTimers from "@sinonjs/fake-timers";
import type { Clock } from "@ledgerline/clock";

/** A clock that only moves when told to, for tests, the benchmark and scripted demos. */
export interface ManualClock extends Clock {
  /** Moves time forward, running due timers in order and letting promises settle between them. */
  advance(ms: number): Promise<void>;
  /** Jumps to an instant without running timers (for pinning "now" between checks). */
  set(instant: Date | number): void;
}

export function createManualClock(start: Date | number): ManualClock {
  const fake = FakeTimers.createClock(typeof start === "number" ? start : start.getTime());
  return {
    now: () => fake.now,
    setTimeout: (callback, ms) => fake.setTimeout(callback, ms),
    clearTimeout: (handle) => fake.clearTimeout(handle as FakeTimers.TimerId),
    advance: async (ms) => {
      await fake.tickAsync(ms);
    },
    set: (instant) => {
      fake.setSystemTime(typeof instant === "number" ? instant : instant.getTime());
    },
  };
}
