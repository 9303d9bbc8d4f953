import { describe, expect, it } from "vitest";
import { addDays } from "../../src/calendar/dates";
import { newYorkInstant, newYorkWallClock } from "../../src/calendar/new-york-time";
import {
  isEarlyClose,
  isTradingDay,
  lastCompletedSession,
  marketPhaseAt,
  nextSessionOpening,
  sessionOn,
  tradingDaysBetween,
} from "../../src/calendar/nyse-calendar";
import {
  NYSE_OFFICIAL_EARLY_CLOSES,
  NYSE_OFFICIAL_HOLIDAYS,
  NYSE_SPECIAL_CLOSURES,
  ruleBasedEarlyCloses,
  ruleBasedHolidays,
} from "../../src/calendar/nyse-holidays";
import {
  AFTER_CLOSE,
  BEFORE_OPEN,
  DURING_SESSION,
  EARLY_CLOSE_AFTER,
  EARLY_CLOSE_BEFORE,
  HOLIDAY,
  SATURDAY,
} from "../support/times";

describe("NYSE holidays", () => {
  it("closes on every official 2025, 2026 and 2027 holiday", () => {
    for (const year of [2025, 2026, 2027]) {
      const holidays = NYSE_OFFICIAL_HOLIDAYS[year]!;
      expect(holidays.length).toBeGreaterThanOrEqual(10);
      for (const holiday of holidays) expect(isTradingDay(holiday), holiday).toBe(false);
    }
    expect(NYSE_OFFICIAL_HOLIDAYS[2026]).toContain("2026-07-03");
    expect(NYSE_OFFICIAL_HOLIDAYS[2027]).toContain("2027-12-24");
  });

  it("derives the same calendar from the exchange's rules, apart from unscheduled closures", () => {
    for (const year of [2023, 2024, 2025, 2026, 2027]) {
      const official = NYSE_OFFICIAL_HOLIDAYS[year]!.filter(
        (day) => !NYSE_SPECIAL_CLOSURES.includes(day),
      );
      expect(ruleBasedHolidays(year), `holidays ${year}`).toEqual(official);
      expect(ruleBasedEarlyCloses(year), `early closes ${year}`).toEqual(
        NYSE_OFFICIAL_EARLY_CLOSES[year],
      );
    }
  });

  it("does not observe a Saturday New Year's Day on the Friday before", () => {
    expect(ruleBasedHolidays(2028)).not.toContain("2027-12-31");
    expect(isTradingDay("2027-12-31")).toBe(true);
  });

  it("trades on ordinary weekdays only", () => {
    expect(tradingDaysBetween("2026-03-09", "2026-03-15")).toEqual([
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
    ]);
    expect(tradingDaysBetween("2026-06-29", "2026-07-05")).toEqual([
      "2026-06-29",
      "2026-06-30",
      "2026-07-01",
      "2026-07-02",
    ]);
  });

  it("lists the days isTradingDay passes, over decades and before 1970", () => {
    for (const [from, to] of [
      ["1965-12-20", "1970-01-10"],
      ["2000-01-01", "2031-12-31"],
      ["2026-03-14", "2026-03-15"],
      ["2026-03-16", "2026-03-15"],
    ] as [string, string][]) {
      const expected: string[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        if (isTradingDay(day)) expected.push(day);
      }
      expect(tradingDaysBetween(from, to)).toEqual(expected);
    }
  });
});

describe("sessions and market phases", () => {
  it("runs regular hours from 09:30 to 16:00 New York time, across daylight saving changes", () => {
    const winter = sessionOn("2026-03-06")!;
    const summer = sessionOn("2026-03-09")!;
    expect(new Date(winter.opensAt).toISOString()).toBe("2026-03-06T14:30:00.000Z");
    expect(new Date(winter.closesAt).toISOString()).toBe("2026-03-06T21:00:00.000Z");
    expect(new Date(summer.opensAt).toISOString()).toBe("2026-03-09T13:30:00.000Z");
  });

  it("closes at 13:00 on early-close days", () => {
    expect(isEarlyClose("2026-11-27")).toBe(true);
    expect(new Date(sessionOn("2026-11-27")!.closesAt).toISOString()).toBe(
      "2026-11-27T18:00:00.000Z",
    );
    expect(marketPhaseAt(EARLY_CLOSE_BEFORE.getTime())).toBe("regular");
    expect(marketPhaseAt(EARLY_CLOSE_AFTER.getTime())).toBe("post");
  });

  it("tells regular hours from extended hours and closed days", () => {
    expect(marketPhaseAt(DURING_SESSION.getTime())).toBe("regular");
    expect(marketPhaseAt(BEFORE_OPEN.getTime())).toBe("pre");
    expect(marketPhaseAt(AFTER_CLOSE.getTime())).toBe("post");
    expect(marketPhaseAt(Date.parse("2026-03-12T01:30:00Z"))).toBe("closed"); // 21:30 EDT
    expect(marketPhaseAt(SATURDAY.getTime())).toBe("closed");
    expect(marketPhaseAt(HOLIDAY.getTime())).toBe("closed");
  });

  it("finds the last completed and the next session around weekends and holidays", () => {
    expect(lastCompletedSession(DURING_SESSION.getTime()).date).toBe("2026-03-10");
    expect(lastCompletedSession(AFTER_CLOSE.getTime()).date).toBe("2026-03-11");
    expect(lastCompletedSession(SATURDAY.getTime()).date).toBe("2026-03-13");
    expect(lastCompletedSession(HOLIDAY.getTime()).date).toBe("2026-07-02");
    expect(nextSessionOpening(HOLIDAY.getTime()).date).toBe("2026-07-06");
    expect(nextSessionOpening(BEFORE_OPEN.getTime()).date).toBe("2026-03-11");
  });

  it("converts between instants and New York wall-clock time", () => {
    const instant = newYorkInstant("2026-11-01", 12 * 3_600_000);
    expect(new Date(instant).toISOString()).toBe("2026-11-01T17:00:00.000Z");
    expect(newYorkWallClock(instant)).toEqual({ date: "2026-11-01", msOfDay: 12 * 3_600_000 });
  });
});
