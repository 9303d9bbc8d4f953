import { describe, expect, it } from "vitest";
import { newYorkInstant, newYorkWallClock } from "../../src/calendar/new-york-time";

const intl = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
});

/** What Intl itself says New York's clock shows, as "YYYY-MM-DD HH:MM:SS.mmm". */
function intlReading(instant: number): string {
  const parts = Object.fromEntries(
    intl.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}.${parts.fractionalSecond}`;
}

function reading(instant: number): string {
  const { date, msOfDay } = newYorkWallClock(instant);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const hours = Math.floor(msOfDay / 3_600_000);
  const minutes = Math.floor(msOfDay / 60_000) % 60;
  const seconds = Math.floor(msOfDay / 1000) % 60;
  return `${date} ${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(msOfDay % 1000, 3)}`;
}

describe("New York's wall clock", () => {
  it("reads what Intl reads at every 53 minutes and 13.457 seconds of 2025 to 2027", () => {
    const step = 53 * 60_000 + 13_457;
    const mismatches: string[] = [];
    for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2028, 0, 1); t += step) {
      if (reading(t) !== intlReading(t)) mismatches.push(new Date(t).toISOString());
    }
    expect(mismatches).toEqual([]);
  });

  it("changes offset exactly at the daylight-saving transitions, to the millisecond", () => {
    // 2026-03-08 02:00 EST becomes 03:00 EDT (07:00 UTC); 2026-11-01 02:00 EDT becomes 01:00 EST (06:00 UTC).
    const spring = Date.UTC(2026, 2, 8, 7);
    const autumn = Date.UTC(2026, 10, 1, 6);
    for (const instant of [spring - 1, spring, autumn - 1, autumn]) {
      expect(reading(instant)).toBe(intlReading(instant));
    }
    expect(reading(spring - 1)).toBe("2026-03-08 01:59:59.999");
    expect(reading(spring)).toBe("2026-03-08 03:00:00.000");
    expect(reading(autumn - 1)).toBe("2026-11-01 01:59:59.999");
    expect(reading(autumn)).toBe("2026-11-01 01:00:00.000");
  });

  it("agrees with Intl at each hour's first and last millisecond over twelve years", () => {
    // More days than the offsets' caches by day and by hour hold, read forward and back.
    const mismatches: string[] = [];
    const hours: number[] = [];
    for (let t = Date.UTC(2019, 0, 1); t < Date.UTC(2031, 0, 1); t += 3_600_000) hours.push(t);
    for (const t of [...hours, ...hours.reverse()]) {
      for (const instant of [t, t + 3_599_999]) {
        if (reading(instant) !== intlReading(instant)) {
          mismatches.push(new Date(instant).toISOString());
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("reads what Intl reads on every day from 1970 to 2099, each hour's edges where it changes", () => {
    // The daylight-saving rule since 2007 is arithmetic; earlier years go to Intl.
    const DAY = 86_400_000;
    const mismatches: string[] = [];
    const check = (instant: number) => {
      const intl = intlReading(instant);
      if (reading(instant) !== intl) mismatches.push(new Date(instant).toISOString());
      return intl;
    };
    let changes = 0;
    // New York's hour at 00:00 UTC is 19 or 20: a different one a day later is a change that day.
    let hourAtStart = check(Date.UTC(1970, 0, 1)).slice(11, 13);
    for (let day = Date.UTC(1970, 0, 1); day < Date.UTC(2100, 0, 1); day += DAY) {
      const hourAtEnd = check(day + DAY).slice(11, 13);
      const changed = hourAtEnd !== hourAtStart;
      hourAtStart = hourAtEnd;
      if (!changed) continue;
      changes++;
      for (let hour = day; hour < day + DAY; hour += 3_600_000) {
        check(hour);
        check(hour + 3_599_999);
      }
    }
    expect(mismatches).toEqual([]);
    expect(changes).toBeGreaterThan(2 * 129);
  });

  it("turns a wall-clock time back into its instant in either season", () => {
    expect(newYorkInstant("2026-01-15", 9.5 * 3_600_000)).toBe(Date.UTC(2026, 0, 15, 14, 30));
    expect(newYorkInstant("2026-07-15", 9.5 * 3_600_000)).toBe(Date.UTC(2026, 6, 15, 13, 30));
  });

  it("reads instants before 1970 too", () => {
    const instant = Date.UTC(1969, 6, 20, 20, 17, 40, 5);
    expect(reading(instant)).toBe(intlReading(instant));
  });
});
