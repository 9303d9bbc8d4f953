import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { utcDay } from "./portfolio-valuation";

const isoDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);

describe("utcDay", () => {
  it("answers the instant's ISO day, kept by the day as it is", () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (instant) => {
        expect(utcDay(instant)).toBe(isoDay(instant));
        // Asked again, from the days kept.
        expect(utcDay(instant)).toBe(isoDay(instant));
      }),
    );
    const day = Date.parse("2024-02-29T00:00:00Z");
    for (const instant of [day - 1, day, day + 86_399_999, day + 86_400_000, -1, 0, 0.5, -0.5]) {
      expect(utcDay(instant)).toBe(isoDay(instant));
    }
  });

  it("refuses an instant past a Date's range as toISOString does", () => {
    utcDay(8.64e15);
    for (const instant of [8.64e15 + 1, -8.64e15 - 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => utcDay(instant)).toThrow(RangeError);
    }
  });
});
