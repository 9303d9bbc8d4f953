import { describe, expect, it } from "vitest";
import { monthlyReturnsOf } from "../src";

const none = null;

describe("the monthly-returns grid from a growth index", () => {
  it("chain-links each month's last close to the one before it, and the year's to the year before", () => {
    // Worked by hand: Nov 1 -> 1.1 (+10%); Dec 1.1 -> 0.99 (-10%); the year 2025 1 -> 0.99 (-1%).
    // Jan 0.99 -> 1.0395 (+5%); Feb 1.0395 -> 1.0395 (0%); 2026 0.99 -> 1.0395 (+5%).
    const grid = monthlyReturnsOf([
      { date: "2025-11-03", growth: "1" },
      { date: "2025-11-28", growth: "1.1" },
      { date: "2025-12-15", growth: "1.05" },
      { date: "2025-12-31", growth: "0.99" },
      { date: "2026-01-30", growth: "1.0395" },
      { date: "2026-02-27", growth: "1.0395" },
    ]);
    expect(grid).toEqual([
      {
        year: 2025,
        months: [none, none, none, none, none, none, none, none, none, none, "0.1", "-0.1"],
        total: "-0.01",
      },
      {
        year: 2026,
        months: ["0.05", "0", none, none, none, none, none, none, none, none, none, none],
        total: "0.05",
      },
    ]);
  });

  it("leaves a month without a close empty and counts the next from the last close before it", () => {
    // Sold out over March; April's return runs from February's last close: 1.2 / 1.2 - 1 = 0.
    const [year] = monthlyReturnsOf([
      { date: "2026-02-27", growth: "1.2" },
      { date: "2026-04-30", growth: "1.2" },
    ]);
    expect(year?.months.slice(1, 4)).toEqual(["0.2", none, "0"]);
    expect(year?.total).toBe("0.2");
  });

  it("rounds a ratio to the 8th place, half to even, and never divides by a lost index", () => {
    const [year] = monthlyReturnsOf([
      { date: "2026-01-30", growth: "3" },
      { date: "2026-02-27", growth: "1" },
      { date: "2026-03-31", growth: "0" },
      { date: "2026-04-30", growth: "0.5" },
    ]);
    // 1 / 3 - 1 = -0.66666667 (8 places); 0 / 1 - 1 = -1; from 0 nothing can be worked.
    expect(year?.months.slice(0, 4)).toEqual(["2", "-0.66666667", "-1", none]);
    expect(year?.total).toBe("-0.5");
  });

  it("has no rows without closes", () => {
    expect(monthlyReturnsOf([])).toEqual([]);
  });
});
