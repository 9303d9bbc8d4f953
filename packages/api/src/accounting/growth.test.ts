import {
  FACTOR_DECIMALS,
  formatFixed,
  parseFixed,
  tenTo,
  type FixedPoint,
} from "@ledgerline/money";
import { describe, expect, it } from "vitest";
import { nextGrowth, nextGrowthWithoutFlow } from "./growth";

/** A deterministic stream of figures: money at 0-4 places, factors at up to 20. */
function* figures(seed: number) {
  let state = seed;
  const next = () => (state = (state * 48271) % 2147483647);
  for (;;) {
    const places = next() % 5;
    yield formatFixed(BigInt(next() % 5_000_000) * BigInt(next() % 97), places);
  }
}

/** The units of `text` at `extra` more places than its own (as a product's are kept). */
function widened(text: string, extra: number): FixedPoint {
  const parsed = parseFixed(text)!;
  return { units: parsed.units * tenTo(extra), scale: parsed.scale + extra };
}

/** nextGrowthWithoutFlow's answer as text: `growth` itself when it says unchanged. */
function inUnits(growth: string, previousValue: FixedPoint, value: FixedPoint, extra = 0) {
  const next = nextGrowthWithoutFlow(widened(growth, extra), previousValue, value);
  return next === null ? growth : formatFixed(next.units, next.scale);
}

describe("nextGrowthWithoutFlow", () => {
  it("answers the factor nextGrowth does for a day without a flow", () => {
    const money = figures(7);
    let growth = "1";
    for (let day = 0; day < 2_000; day += 1) {
      const previousValue = money.next().value!;
      const value = day % 7 === 0 ? previousValue : money.next().value!;
      const expected = nextGrowth(growth, previousValue, value, "0");
      // The figures' units at their canonical scale and wider: the factor is the same value.
      expect(inUnits(growth, parseFixed(previousValue)!, parseFixed(value)!)).toBe(expected);
      expect(inUnits(growth, widened(previousValue, 3), widened(value, 2), 20 - 1)).toBe(expected);
      growth = expected === "0" ? "1" : expected;
    }
  });

  it("keeps the factor when nothing was held at the last close", () => {
    expect(nextGrowthWithoutFlow(parseFixed("1.25")!, parseFixed("0")!, parseFixed("10")!)).toBe(
      null,
    );
    expect(nextGrowth("1.25", "0", "10", "0")).toBe("1.25");
  });

  it("rounds half-even at the factor's places", () => {
    const next = nextGrowthWithoutFlow(parseFixed("1")!, parseFixed("3")!, parseFixed("2")!)!;
    expect(next.scale).toBe(FACTOR_DECIMALS);
    expect(formatFixed(next.units, next.scale)).toBe(nextGrowth("1", "3", "2", "0"));
    expect(formatFixed(next.units, next.scale)).toBe("0.66666666666666666667");
  });
});
