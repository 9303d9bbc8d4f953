import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  roundDown,
  divide,
  exactDecimal,
  fromScaled,
  fromStored,
  mean,
  multiply,
  parseDecimal,
  percent,
  percentChange,
  sum,
  toStored,
  withPlaces,
} from "../src";

describe("decimals", () => {
  it("add up exactly where binary floating point does not", () => {
    expect(sum(["0.1", "0.2"])).toBe("0.3");
    expect(multiply("12345.12345678", "0.00000001")).toBe("0.0001234512345678");
  });

  it("read user and JSON input as plain decimals and refuse anything else", () => {
    expect(parseDecimal(" 12.50 ")).toBe("12.5");
    expect(parseDecimal(0.1)).toBe("0.1");
    expect(parseDecimal(1e-7)).toBe("0.0000001");
    expect(parseDecimal(".5")).toBe("0.5");
    for (const bad of [
      "1e5",
      "abc",
      "",
      "1,000",
      "+5",
      "+",
      "-",
      "+.5",
      "NaN",
      Infinity,
      Number.NaN,
      null,
      {},
      "0x10",
    ]) {
      expect(parseDecimal(bad)).toBeUndefined();
    }
  });

  it("divide with explicit half-even rounding", () => {
    expect(divide("1", "3", 4)).toBe("0.3333");
    expect(divide("0.125", "1", 2)).toBe("0.12");
    expect(divide("0.135", "1", 2)).toBe("0.14");
  });

  it("give no percentage of nothing", () => {
    expect(percent("5", "0")).toBeNull();
    expect(percent("1", "3", 2)).toBe(33.33);
  });

  it("compute a change in percent exactly, ties to even, never a negative zero", () => {
    expect(percent("-1693.81", "84927.78")).toBe(-1.9944);
    expect(percentChange("160.315", "163.64")).toBe(-2.0319);
    expect(percentChange("5", "0")).toBeNull();
    // 0.01 on 20000 is exactly 0.00005 %: the tie goes to the even 0, as every rounding here.
    expect(percentChange("20000.01", "20000")).toBe(0);
    expect(percentChange("20000.03", "20000")).toBe(0.0002);
    expect(Object.is(percentChange("19999.99", "20000"), 0)).toBe(true);
  });

  it("average figures exactly", () => {
    expect(mean(["0.1", "0.2"], 4)).toBe("0.15");
    expect(mean(["0.00005", "0"], 4)).toBe("0");
    expect(mean([], 4)).toBeNull();
  });
});

describe("provider figures", () => {
  it("read JSON numbers exactly as written, without binary noise", () => {
    expect(exactDecimal(160.315)).toBe("160.315");
    expect(exactDecimal(0.1)).toBe("0.1");
    expect(exactDecimal(1e-8)).toBe("0.00000001");
    expect(exactDecimal(642646396.0)).toBe("642646396");
    expect(exactDecimal(-0)).toBe("0");
    expect(() => exactDecimal(Number.NaN)).toThrow(RangeError);
  });

  it("read decimal text in its canonical form and refuse anything else", () => {
    expect(exactDecimal("64090.00")).toBe("64090");
    expect(exactDecimal(" 0.000012340 ")).toBe("0.00001234");
    expect(exactDecimal("-0.0")).toBe("0");
    expect(exactDecimal("1e-8")).toBe("0.00000001");
    expect(() => exactDecimal("12abc")).toThrow(RangeError);
  });

  it("shift scaled integers into decimals exactly", () => {
    expect(fromScaled(16031, 2)).toBe("160.31");
    expect(fromScaled(16030, 2)).toBe("160.3");
    expect(fromScaled(-5, 2)).toBe("-0.05");
    expect(fromScaled(2150, 8)).toBe("0.0000215");
    expect(fromScaled(0, 8)).toBe("0");
    expect(() => fromScaled(0.5, 2)).toThrow(RangeError);
  });
});

describe("stored decimals", () => {
  it("round-trip exactly", () => {
    for (const value of [
      "0",
      "1",
      "0.00000001",
      "12345.12345678",
      "99999999999999999999.9999999999999999",
    ]) {
      expect(fromStored(toStored(value))).toBe(value);
    }
  });

  it("sort as text in numeric order", () => {
    const decimal = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n - 1n }),
      )
      .map(([integer, fraction]) =>
        fromStored(`${integer}.${fraction.toString().padStart(16, "0")}`),
      );
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const textOrder = toStored(a) < toStored(b) ? -1 : toStored(a) > toStored(b) ? 1 : 0;
        expect(textOrder).toBe(compare(a, b));
      }),
    );
  });

  it("store and read back decimal text with any leading or trailing zeros as its exact value", () => {
    const written = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 20n - 1n }),
        fc.bigInt({ min: 0n, max: 10n ** 16n - 1n }),
        fc.nat({ max: 3 }),
        fc.nat({ max: 3 }),
      )
      .map(([integer, fraction, leading, trailing]) => {
        const digits = fraction.toString().padStart(16, "0").replace(/0+$/, "");
        const canonical = digits === "" ? `${integer}` : `${integer}.${digits}`;
        const padded = `${"0".repeat(leading)}${integer}${digits === "" && trailing === 0 ? "" : `.${digits}${"0".repeat(trailing)}`}`;
        return { canonical, padded };
      });
    fc.assert(
      fc.property(written, ({ canonical, padded }) => {
        expect(toStored(padded)).toBe(toStored(canonical));
        expect(fromStored(toStored(padded))).toBe(canonical);
        // PostgreSQL answers numeric without the padding.
        expect(fromStored(padded)).toBe(canonical);
      }),
    );
    expect(toStored("12.5")).toBe("00000000000000000012.5000000000000000");
    expect(fromStored("00000000000000000000.0000000000000000")).toBe("0");
  });

  it("read signed exact text (the snapshots' columns) back as its canonical value", () => {
    const signed = fc
      .tuple(
        fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }),
        fc.nat({ max: 20 }),
        fc.nat({ max: 2 }),
      )
      .map(([units, scale, trailing]) => {
        const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
        const whole = digits.slice(0, digits.length - scale);
        const fraction = digits.slice(digits.length - scale) + "0".repeat(trailing);
        return `${units < 0n ? "-" : ""}${whole}${fraction === "" ? "" : `.${fraction}`}`;
      });
    fc.assert(
      fc.property(signed, (text) => {
        expect(fromStored(text)).toBe(add(text, "0"));
      }),
    );
    expect(fromStored("-0")).toBe("0");
    expect(fromStored("-45750.27")).toBe("-45750.27");
    expect(fromStored("1e3")).toBe("1000");
    // Not digits, one dot and digits: read as any other text is.
    expect(fromStored("5.")).toBe("5");
    expect(fromStored(".5")).toBe("0.5");
    expect(fromStored("0012")).toBe("12");
    expect(() => fromStored("1.2.3")).toThrow();
  });

  it("refuse negative, too large or too precise values", () => {
    expect(() => toStored("-1")).toThrow(RangeError);
    expect(() => toStored("1".padEnd(22, "0"))).toThrow(RangeError);
    expect(() => toStored("0.00000000000000001")).toThrow(RangeError);
  });
});

describe("withPlaces", () => {
  it("pads to the places asked for and never drops a digit", () => {
    expect(withPlaces("56776.7", 2)).toBe("56776.70");
    expect(withPlaces("50", 2)).toBe("50.00");
    expect(withPlaces("0.00001234", 2)).toBe("0.00001234");
    expect(withPlaces("-3.5", 2)).toBe("-3.50");
  });
});

describe("roundDown", () => {
  it("cuts toward zero, never up: whole shares, a budget never overspent", () => {
    expect(roundDown("1.99999999", 0)).toBe("1");
    expect(roundDown("499.999", 2)).toBe("499.99");
    expect(roundDown("-1.5", 0)).toBe("-1");
    expect(roundDown("2", 0)).toBe("2");
  });
});
