import BigJs from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  compound,
  divide,
  isZero,
  multiply,
  round,
  sign,
  subtract,
  sum,
} from "../src/decimal";

/** big.js with room enough never to round: what decimal.ts answered before its BigInt paths. */
const Reference = BigJs();
Reference.DP = 80;
Reference.PE = 200;
Reference.NE = -200;
const text = (value: InstanceType<typeof Reference>) => (value.eq(0) ? "0" : value.toFixed());

// Values as the ledger stores them: up to 20 integer digits and 32 decimals (a quantity times a
// 16-decimal price), either sign, zero included; some written with trailing or leading zeros.
const decimalText = fc
  .tuple(
    fc.bigInt({ min: -(10n ** 36n), max: 10n ** 36n }),
    fc.integer({ min: 0, max: 32 }),
    fc.boolean(),
  )
  .map(([units, scale, padded]) => {
    const canonical = text(new Reference(units.toString()).div(new Reference(10).pow(scale)));
    return padded && !canonical.startsWith("-")
      ? `0${canonical}${canonical.includes(".") ? "0" : ""}`
      : canonical;
  });

describe("the BigInt paths of the decimal operations", () => {
  it("answer what big.js answers", () => {
    fc.assert(
      fc.property(decimalText, decimalText, fc.integer({ min: 0, max: 24 }), (a, b, places) => {
        const x = new Reference(a);
        expect(add(a, b)).toBe(text(x.plus(b)));
        expect(subtract(a, b)).toBe(text(x.minus(b)));
        expect(multiply(a, b)).toBe(text(x.times(b)));
        expect(compare(a, b)).toBe(x.cmp(b));
        expect(isZero(a)).toBe(x.eq(0));
        expect(sign(a)).toBe(x.cmp(0));
        expect(sum([a, b, a])).toBe(text(x.plus(b).plus(a)));
        expect(round(a, places)).toBe(text(x.round(places, BigJs.roundHalfEven)));
        if (!new Reference(b).eq(0)) {
          expect(divide(a, b, places)).toBe(text(x.div(b).round(places, BigJs.roundHalfEven)));
        }
      }),
      { numRuns: 3000 },
    );
  }, 60_000);

  it("chain growth factors as big.js's times().round() does, ties to even", () => {
    const factor = fc
      .tuple(fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }), fc.integer({ min: 0, max: 20 }))
      .map(([units, scale]) =>
        text(new Reference(units.toString()).div(new Reference(10).pow(scale))),
      );
    fc.assert(
      fc.property(
        fc.array(factor, { maxLength: 12 }),
        fc.integer({ min: 0, max: 20 }),
        (factors, places) => {
          const expected = factors.reduce(
            (product, each) => product.times(each).round(places, BigJs.roundHalfEven),
            new Reference(1),
          );
          expect(compound(factors, places)).toBe(text(expected));
        },
      ),
      { numRuns: 1000 },
    );
    expect(compound(["1.5", "1.5"], 1)).toBe("2.2");
    expect(compound(["-1.5", "1.5"], 1)).toBe("-2.2");
    expect(compound(["1.5", "2.5"], 1)).toBe("3.8");
  });

  it("round exact ties to even, either sign", () => {
    expect(round("2.5", 0)).toBe("2");
    expect(round("-2.5", 0)).toBe("-2");
    expect(round("-3.5", 0)).toBe("-4");
    expect(round("0.125", 2)).toBe("0.12");
    expect(divide("-1", "8", 2)).toBe("-0.12");
    expect(divide("1", "-80", 3)).toBe("-0.012");
    expect(divide("-0.001", "3", 2)).toBe("0");
    expect(sum([])).toBe("0");
    expect(subtract("0.1", "0.1")).toBe("0");
  });

  it("leave what is not plain decimal text to big.js", () => {
    expect(add("1e3", "1")).toBe("1001");
    expect(() => divide("1", "0", 2)).toThrow();
    expect(() => add("abc", "1")).toThrow();
  });
});

describe("sign and isZero", () => {
  it("read zero however it is written, and other text as big.js does", () => {
    for (const zero of ["0", "-0", "0.000", "00", "0e5"]) {
      expect(isZero(zero)).toBe(true);
      expect(sign(zero)).toBe(0);
    }
    expect(sign("-0.0001")).toBe(-1);
    expect(sign("1e-30")).toBe(1);
    expect(sign("-2E3")).toBe(-1);
  });
});
