import { describe, expect, it } from "vitest";
import {
  decimalFromNumber,
  decimalFromScaled,
  meanPercent,
  normalizeDecimal,
  percentChange,
  percentOf,
  roundDecimal,
  subtractDecimals,
} from "../src/decimal";

describe("decimal strings", () => {
  it("reads provider JSON numbers exactly as written, without binary noise", () => {
    expect(decimalFromNumber(160.315)).toBe("160.315");
    expect(decimalFromNumber(0.1)).toBe("0.1");
    expect(decimalFromNumber(1e-8)).toBe("0.00000001");
    expect(decimalFromNumber(642646396.0)).toBe("642646396");
    expect(decimalFromNumber(-0)).toBe("0");
    expect(() => decimalFromNumber(Number.NaN)).toThrow();
  });

  it("normalises decimal text to the canonical form", () => {
    expect(normalizeDecimal("64090.00")).toBe("64090");
    expect(normalizeDecimal("0.000012340")).toBe("0.00001234");
    expect(normalizeDecimal("-0.0")).toBe("0");
    expect(() => normalizeDecimal("12abc")).toThrow();
  });

  it("shifts scaled integers into decimals exactly", () => {
    expect(decimalFromScaled(16031, 2)).toBe("160.31");
    expect(decimalFromScaled(16030, 2)).toBe("160.3");
    expect(decimalFromScaled(-5, 2)).toBe("-0.05");
    expect(decimalFromScaled(2150, 8)).toBe("0.0000215");
    expect(decimalFromScaled(0, 8)).toBe("0");
  });

  it("subtracts and computes percents without floating-point error", () => {
    expect(subtractDecimals("0.3", "0.1")).toBe("0.2");
    expect(subtractDecimals("83233.97", "84927.78")).toBe("-1693.81");
    expect(percentOf("-1693.81", "84927.78")).toBe(-1.9944);
    expect(percentChange("160.315", "163.64")).toBe(-2.0319);
    expect(percentChange("5", "0")).toBe(0);
    expect(roundDecimal("2.675", 2)).toBe("2.68");
    expect(meanPercent([0.1, 0.2])).toBe(0.15);
  });
});
