import { afterEach, describe, expect, it, vi } from "vitest";

/** Counts the formats built, each still a real one. */
function countBuilt(name: "NumberFormat" | "DateTimeFormat") {
  const Real = Intl[name] as unknown as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, name).mockImplementation(function (...args: unknown[]) {
    return new Real(...args);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

// Each test imports the formats anew (after resetModules), which compiles their modules again:
// seconds on a loaded machine, where vitest's 5 s default timed out with or without shared workers.
describe("the number and date formats", { timeout: 60_000 }, () => {
  it("write every figure a page shows without building an Intl number format", async () => {
    const numberFormats = countBuilt("NumberFormat");
    const format = await import("../src/lib/format");
    expect(format.formatCurrency("1234.5")).toBe("$1,234.50");
    expect(format.formatSignedPrice("-0.0046", "0.6712")).toBe("-$0.0046");
    expect(format.formatPercent("1.5")).toBe("+1.50%");
    expect(format.formatRatio("0.1234")).toBe("+12.34%");
    expect(format.formatQuantity("1234.5")).toBe("1,234.5");
    expect(format.formatCompactNumber(12345)).toBe("12.35K");
    expect(format.formatMarketCap("2850000000000")).toBe("$2.85T");
    expect(format.formatShare("12.345")).toBe("12.35%");
    expect(numberFormats).not.toHaveBeenCalled();
  });

  it("build an Intl format, once, only for a value written otherwise than in plain digits", async () => {
    const numberFormats = countBuilt("NumberFormat");
    const format = await import("../src/lib/format");
    expect(format.formatCurrency("1e3")).toBe("$1,000.00");
    expect(format.formatCurrency("2e3")).toBe("$2,000.00");
    expect(format.formatPercent(" 1.5")).toBe("+1.50%");
    expect(format.formatRatio(1e-7)).toBe("0.00%");
    expect(numberFormats).toHaveBeenCalledTimes(3);
  });

  it("write dates without an Intl format, which would load the locale data in a first render", async () => {
    const dateFormats = countBuilt("DateTimeFormat");
    const numberFormats = countBuilt("NumberFormat");
    const format = await import("../src/lib/format");
    expect(format.formatDateTime("2026-03-02T15:04:00Z")).toMatch(/^Mar 2, 2026, /);
    expect(format.formatCalendarDate("1980-12-12")).toBe("Dec 12, 1980");
    expect(dateFormats).not.toHaveBeenCalled();
    expect(numberFormats).not.toHaveBeenCalled();
  });

  it("leave the stale-price clock's locale unloaded until a stale price is shown", async () => {
    const dateFormats = countBuilt("DateTimeFormat");
    const { pricesAsOfText } = await import("../src/components/assets/PricesAsOf");
    expect(dateFormats).not.toHaveBeenCalled();
    expect(pricesAsOfText("2026-03-11T15:04:00Z")).toMatch(/^Prices as of \d{2}:04$/);
    expect(pricesAsOfText("2026-03-11T16:05:00Z")).toMatch(/^Prices as of \d{2}:05$/);
    expect(dateFormats).toHaveBeenCalledTimes(1);
  });
});
