import { describe, expect, it } from "vitest";
import { convertAt, rateOn } from "@ledgerline/money";
import { SimulatedFxRates } from "../../src/fx/simulated-fx-rates";

// Thanksgiving week 2026 with the Friday missing, as a feed closed for a holiday publishes it.
const published = [
  { date: "2026-11-24", rate: "0.9212" },
  { date: "2026-11-25", rate: "0.9199" },
  { date: "2026-11-26", rate: "0.9209" },
  { date: "2026-11-30", rate: "0.9221" },
];

describe("the rate in force on a day", () => {
  it("is the rate published that day", () => {
    expect(rateOn(published, "2026-11-25")).toEqual({ date: "2026-11-25", rate: "0.9199" });
  });

  it("is the previous published day's on a holiday and the weekend after it", () => {
    for (const date of ["2026-11-27", "2026-11-28", "2026-11-29"]) {
      expect(rateOn(published, date)).toEqual({ date: "2026-11-26", rate: "0.9209" });
    }
  });

  it("is the last one after the newest published day", () => {
    expect(rateOn(published, "2026-12-05")?.date).toBe("2026-11-30");
  });

  it("is unknown before the first published day", () => {
    expect(rateOn(published, "2026-11-23")).toBeUndefined();
    expect(rateOn([], "2026-11-23")).toBeUndefined();
  });
});

describe("the simulated market's rates", () => {
  const sim = new SimulatedFxRates({ seed: "test" });

  it("publishes weekdays only, the same rates for the same seed", async () => {
    const week = await sim.getDailyRates("EUR", "2026-11-23", "2026-11-29");
    expect(week.map((rate) => rate.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
    expect(
      await new SimulatedFxRates({ seed: "test" }).getDailyRates("EUR", "2026-11-23", "2026-11-29"),
    ).toEqual(week);
  });

  it("keeps plausible levels with small daily moves, as exact 4-decimal text", async () => {
    const year = await sim.getDailyRates("JPY", "2026-01-01", "2026-12-31");
    for (const rate of year) {
      expect(rate.rate).toMatch(/^\d+(\.\d{1,4})?$/);
      expect(Number(rate.rate)).toBeGreaterThan(140);
      expect(Number(rate.rate)).toBeLessThan(160);
    }
    for (let at = 1; at < year.length; at++) {
      const move = Math.abs(Number(year[at]!.rate) / Number(year[at - 1]!.rate) - 1);
      expect(move).toBeLessThan(0.006);
    }
  });
});

describe("a conversion", () => {
  it("is the exact product, with no binary float on the way", () => {
    expect(convertAt("1234.56", "0.9213")).toBe("1137.400128");
    expect(convertAt("0.1", "3")).toBe("0.3");
    expect(convertAt("-0.07", "149.5123")).toBe("-10.465861");
    expect(convertAt("9007199254740993.01", "1.5")).toBe("13510798882111489.515");
  });
});
