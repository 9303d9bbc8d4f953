import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  axisLabels,
  formatCalendarDate,
  formatCurrency,
  formatDateTime,
  formatMonth,
  formatMonthDay,
  formatWeekdayDate,
  setFormatLocale,
} from "../src/lib/format";
import { plotted } from "../src/routes/_app/portfolio-summary/-components/value-chart-figures";

beforeEach(() => vi.stubEnv("TZ", "UTC"));
afterEach(() => {
  setFormatLocale("en-US");
  vi.unstubAllEnvs();
});

describe("dates in the user's locale", () => {
  it("are written by Intl for de-DE", () => {
    setFormatLocale("de-DE");
    expect(formatDateTime("2026-03-02T15:04:00Z")).toBe("2. März 2026, 15:04");
    expect(formatCalendarDate("1980-12-12")).toBe("12. Dez. 1980");
    expect(formatMonthDay(new Date(2026, 2, 2))).toBe("2. März");
    expect(formatWeekdayDate(new Date(2026, 2, 2))).toBe("Mo., 2. März 2026");
    expect(formatMonth("2026-07")).toBe("Juli 2026");
    expect(formatMonth("2026-03", false)).toBe("Mär");
  });

  it("stay the spec's US English in en-US", () => {
    setFormatLocale("de-DE");
    setFormatLocale("en-US");
    expect(formatDateTime("2026-03-02T15:04:00Z")).toBe("Mar 2, 2026, 3:04 PM");
    expect(formatMonthDay(new Date(2026, 2, 2))).toBe("Mar 2");
    expect(formatMonth("2026-07")).toBe("Jul 2026");
    expect(formatMonth("2026-12", false)).toBe("Dec");
  });

  it("follow a change of locale after their first use", () => {
    setFormatLocale("de-DE");
    expect(formatMonth("2026-05")).toBe("Mai 2026");
    setFormatLocale("es-ES");
    expect(formatMonth("2026-05")).toBe("may 2026");
  });
});

describe("a chart's figures in de-DE", () => {
  it("drop ',00' from the axis's labels when every one has it", () => {
    setFormatLocale("de-DE");
    const labels = ["70000", "80000"].map(formatCurrency);
    expect(axisLabels(labels).map((l) => l.replace(/\s/g, " "))).toEqual(["70.000 $", "80.000 $"]);
    expect(axisLabels([formatCurrency("1.5"), formatCurrency("2")])).toEqual([
      formatCurrency("1.5"),
      formatCurrency("2"),
    ]);
  });

  it("plot the value the tooltip shows, read with a decimal point", () => {
    setFormatLocale("de-DE");
    expect(plotted("1234.567", "money", "EUR")).toBe(1234.57);
    expect(plotted("0.12345", "percent")).toBe(12.35);
  });
});
