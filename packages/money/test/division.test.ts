import BigJs from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divide, percent } from "../src/decimal";

/** Division carried to 60 places, then rounded half-even: the slow, obviously right answer. */
const Reference = BigJs();
Reference.DP = 60;
Reference.PE = 100;
Reference.NE = -100;
const reference = (a: string, b: string, places: number) =>
  new Reference(a).div(b).round(places, BigJs.roundHalfEven);

const decimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }), fc.integer({ min: 0, max: 8 }))
  .map(([units, scale]) => new Reference(units.toString()).div(10 ** scale).toFixed());

describe("division straight to the places asked for", () => {
  it("rounds exact ties half-even and everything else to nearest", () => {
    expect(divide("1", "8", 2)).toBe("0.12");
    expect(divide("3", "8", 2)).toBe("0.38");
    expect(divide("1", "80", 3)).toBe("0.012");
    expect(divide("-1", "8", 2)).toBe("-0.12");
    // Just above a tie: the remainder, not a truncated digit, decides.
    expect(divide("1.0000000001", "8", 2)).toBe("0.13");
    expect(percent("1", "8", 1)).toBe(12.5);
    expect(percent("1", "800", 3)).toBe(0.125);
    expect(percent("1", "1600", 4)).toBe(0.0625);
    expect(percent("1", "16000", 4)).toBe(0.0062);
  });

  it("agrees with a 60-place division rounded half-even", () => {
    fc.assert(
      fc.property(
        decimalText,
        decimalText.filter((b) => Number(b) !== 0),
        fc.integer({ min: 0, max: 10 }),
        (a, b, places) => {
          expect(divide(a, b, places)).toBe(
            reference(a, b, places).eq(0) ? "0" : reference(a, b, places).toFixed(),
          );
          expect(percent(a, b, places)).toBe(
            Number(reference(new Reference(a).times(100).toFixed(), b, places).toFixed()),
          );
        },
      ),
      { numRuns: 2000 },
    );
    // 2,000 cases take about a second alone; the whole suite runs packages in parallel.
  }, 60_000);
});
