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

describe("the number and date formats", () => {
  it("are built on their first use, once each, not when the module loads", async () => {
    const numberFormats = countBuilt("NumberFormat");
    const dateFormats = countBuilt("DateTimeFormat");
    const format = await import("../src/lib/format");
    expect(numberFormats).not.toHaveBeenCalled();
    expect(dateFormats).not.toHaveBeenCalled();

    expect(format.formatCurrency("1234.5")).toBe("$1,234.50");
    expect(format.formatCurrency("99")).toBe("$99.00");
    expect(numberFormats).toHaveBeenCalledTimes(1);
    expect(format.formatPercent("1.5")).toBe("+1.50%");
    expect(numberFormats).toHaveBeenCalledTimes(2);
    expect(dateFormats).not.toHaveBeenCalled();
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
