import type { CorporateAction } from "@ledgerline/contracts";
import { describe, expect, it } from "vitest";
import { addMonths, dividendSchedule, inferFrequency } from "./dividend-schedule";

const dividend = (exDate: string, payDate: string, cashAmount: string): CorporateAction => ({
  symbol: "KO",
  type: "dividend",
  exDate,
  payDate,
  cashAmount,
});

describe("inferFrequency", () => {
  it("reads monthly, quarterly, semiannual and annual rhythms from the gaps", () => {
    expect(inferFrequency(["2026-01-15", "2026-02-13", "2026-03-16"])).toBe("monthly");
    expect(inferFrequency(["2025-06-12", "2025-09-11", "2025-12-11", "2026-03-12"])).toBe(
      "quarterly",
    );
    expect(inferFrequency(["2025-04-01", "2025-10-01", "2026-04-01"])).toBe("semiannual");
    expect(inferFrequency(["2024-05-01", "2025-05-02"])).toBe("annual");
  });

  it("takes the median of the latest five, so a special dividend does not change the rhythm", () => {
    // A special dividend on 2025-08-25 between quarters. The latest five ex-dates (from
    // 2025-04-11) are 91, 45, 46 and 92 days apart: sorted 45, 46, 91, 92, median 68.5 days.
    expect(
      inferFrequency([
        "2025-01-10",
        "2025-04-11",
        "2025-07-11",
        "2025-08-25",
        "2025-10-10",
        "2026-01-10",
      ]),
    ).toBe("quarterly");
  });

  it("counts one dividend as annual and none as no rhythm", () => {
    expect(inferFrequency(["2026-02-02"])).toBe("annual");
    expect(inferFrequency([])).toBeNull();
  });
});

describe("addMonths", () => {
  it("keeps the day, or the month's last when it has fewer", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
  });
});

describe("dividendSchedule", () => {
  // A known calendar: quarterly at 0.50, then 0.55 declared for 2026-05-14 (paid 2026-06-01).
  const calendar: CorporateAction[] = [
    dividend("2026-05-14", "2026-06-01", "0.55"),
    dividend("2026-02-12", "2026-03-02", "0.5"),
    dividend("2025-11-13", "2025-12-01", "0.5"),
    dividend("2025-08-14", "2025-09-02", "0.5"),
    { symbol: "KO", type: "split", exDate: "2025-01-06", splitFrom: "1", splitTo: "2" },
  ];

  it("lists the market's dividends, then expected ones every three months at the last amount", () => {
    const { dividends, frequency } = dividendSchedule(calendar, "2027-03-31");
    expect(frequency).toBe("quarterly");
    expect(dividends).toEqual([
      { exDate: "2025-08-14", payDate: "2025-09-02", amountPerShare: "0.5", declared: true },
      { exDate: "2025-11-13", payDate: "2025-12-01", amountPerShare: "0.5", declared: true },
      { exDate: "2026-02-12", payDate: "2026-03-02", amountPerShare: "0.5", declared: true },
      { exDate: "2026-05-14", payDate: "2026-06-01", amountPerShare: "0.55", declared: true },
      // 3, 6 and 9 months after the declared one, at its 0.55.
      { exDate: "2026-08-14", payDate: "2026-09-01", amountPerShare: "0.55", declared: false },
      { exDate: "2026-11-14", payDate: "2026-12-01", amountPerShare: "0.55", declared: false },
      { exDate: "2027-02-14", payDate: "2027-03-01", amountPerShare: "0.55", declared: false },
    ]);
  });

  it("stops at the ex-date asked for and expects nothing of a stock that never paid", () => {
    expect(dividendSchedule(calendar, "2026-03-01").dividends.map((d) => d.exDate)).toEqual([
      "2025-08-14",
      "2025-11-13",
      "2026-02-12",
    ]);
    expect(dividendSchedule([calendar[4]!], "2027-01-01")).toEqual({
      dividends: [],
      frequency: null,
    });
  });
});
