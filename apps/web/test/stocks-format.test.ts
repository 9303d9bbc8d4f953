import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatCurrency,
  formatMarketCap,
  formatNumber,
  formatPercent,
  formatQuantity,
  formatSignedCurrency,
} from "../src/lib/format";

describe("money and number formats of spec section 9", () => {
  it("shows USD with 2 decimals and 8 when the absolute value is under 0.01", () => {
    expect(formatCurrency("1234.5")).toBe("$1,234.50");
    expect(formatCurrency(160.31)).toBe("$160.31");
    expect(formatCurrency("0.00001234")).toBe("$0.00001234");
    expect(formatCurrency("-0.005")).toBe("-$0.00500000");
    expect(formatCurrency("0")).toBe("$0.00");
  });

  it("formats the exact decimal text, not a rounded binary float", () => {
    expect(formatCurrency("12345678901234567.13")).toBe("$12,345,678,901,234,567.13");
  });

  it("reads missing values as N/A", () => {
    for (const format of [formatCurrency, formatSignedCurrency, formatPercent, formatNumber]) {
      expect(format(null)).toBe("N/A");
      expect(format(undefined)).toBe("N/A");
      expect(format("")).toBe("N/A");
      expect(format("not a number")).toBe("N/A");
    }
  });

  it("signs changes and percents", () => {
    expect(formatSignedCurrency("1.5")).toBe("+$1.50");
    expect(formatSignedCurrency("-2.25")).toBe("-$2.25");
    expect(formatSignedCurrency("0")).toBe("$0.00");
    expect(formatPercent(1.234)).toBe("+1.23%");
    expect(formatPercent(-0.5)).toBe("-0.50%");
    expect(formatPercent(0)).toBe("0.00%");
    expect(formatPercent(12)).toBe("+12.00%");
  });

  it("shows market caps with T, B and M to 2 decimals", () => {
    expect(formatMarketCap(2_850_000_000_000)).toBe("$2.85T");
    expect(formatMarketCap(1e12)).toBe("$1.00T");
    expect(formatMarketCap(412_300_000_000)).toBe("$412.30B");
    expect(formatMarketCap(1e9)).toBe("$1.00B");
    expect(formatMarketCap(950_000_000)).toBe("$950.00M");
    expect(formatMarketCap(999_999)).toBe("$999,999.00");
    expect(formatMarketCap(null)).toBe("N/A");
  });

  it("groups volumes and keeps up to 8 decimals of a quantity", () => {
    expect(formatNumber(12345678)).toBe("12,345,678");
    expect(formatQuantity("1234.5")).toBe("1,234.5");
    expect(formatQuantity("0.00000001")).toBe("0.00000001");
    expect(formatQuantity("10")).toBe("10");
  });

  it("shows a calendar date as that local day, whatever the time zone", () => {
    expect(formatCalendarDate("1980-12-12")).toBe("Dec 12, 1980");
    expect(formatCalendarDate(null)).toBe("N/A");
    expect(formatCalendarDate("12/12/1980")).toBe("N/A");
  });
});
