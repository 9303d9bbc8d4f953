import { describe, expect, it } from "vitest";
import { clockStartingAt, dateOf, fixedClock, systemClock, type Clock } from "../src";

describe("the clock", () => {
  it("stands still when fixed, from a Date or milliseconds alike", () => {
    const at = Date.UTC(2026, 10, 27, 15, 30);
    expect(fixedClock(new Date(at)).now()).toBe(at);
    expect(fixedClock(at).now()).toBe(at);
    expect(dateOf(fixedClock(at)).toISOString()).toBe("2026-11-27T15:30:00.000Z");
  });

  it("runs on from a chosen start at the base clock's pace", () => {
    let base = 1_000;
    const manual: Clock = { ...systemClock, now: () => base };
    const clock = clockStartingAt(Date.UTC(2026, 0, 2), manual);
    expect(clock.now()).toBe(Date.UTC(2026, 0, 2));
    base += 2_500;
    expect(clock.now()).toBe(Date.UTC(2026, 0, 2) + 2_500);
  });

  it("runs a timer and can cancel one", async () => {
    const ran: string[] = [];
    const cancelled = systemClock.setTimeout(() => ran.push("cancelled"), 1);
    systemClock.clearTimeout(cancelled);
    await new Promise<void>((resolve) => systemClock.setTimeout(resolve, 5));
    expect(ran).toEqual([]);
    const now = systemClock.now();
    expect(Math.abs(now - Date.now())).toBeLessThan(1_000);
  });
});
