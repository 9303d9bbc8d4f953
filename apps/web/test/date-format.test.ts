import { afterEach, describe, expect, it, vi } from "vitest";
import { formatCalendarDate, formatDateTime } from "../src/lib/format";

// The text Intl gives for en-US; newer ICU puts a narrow no-break space before AM/PM, Chromium
// and Firefox a plain one, as formatDateTime does.
const intlDateTime = (date: Date) =>
  new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  })
    .format(date)
    .replace("\u202f", " ");

// Node reads its time zone again whenever TZ is set: each test views the dates from its zones.
afterEach(() => {
  vi.unstubAllEnvs();
});

const instants = [
  "2026-03-02T15:04:00Z",
  "2026-01-01T00:00:00Z",
  "2025-12-31T23:59:59Z",
  "2026-07-15T12:00:00Z",
  "2026-07-15T11:59:00Z",
  "2026-03-08T07:30:00Z", // a US daylight-saving change
  "2026-10-25T01:05:00Z", // a European one
];

describe("dates", () => {
  for (const zone of ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Auckland"]) {
    it(`read as Intl's en-US short month with time, in the viewer's time zone (${zone})`, () => {
      vi.stubEnv("TZ", zone);
      for (const iso of instants) {
        expect(formatDateTime(iso)).toBe(intlDateTime(new Date(iso)));
      }
    });
  }

  it("show 12 AM at midnight and 12 PM at noon", () => {
    vi.stubEnv("TZ", "UTC");
    expect(formatDateTime("2026-03-02T00:07:00Z")).toBe("Mar 2, 2026, 12:07 AM");
    expect(formatDateTime("2026-03-02T12:07:00Z")).toBe("Mar 2, 2026, 12:07 PM");
    expect(formatDateTime("2026-11-30T23:00:00Z")).toBe("Nov 30, 2026, 11:00 PM");
  });

  it("read calendar dates as that day, whatever the viewer's time zone", () => {
    for (const zone of ["UTC", "America/Los_Angeles", "Pacific/Kiritimati"]) {
      vi.stubEnv("TZ", zone);
      expect(formatCalendarDate("1980-12-12")).toBe("Dec 12, 1980");
      expect(formatCalendarDate("2026-01-01")).toBe("Jan 1, 2026");
      expect(formatCalendarDate("2026-02-30")).toBe("Mar 2, 2026");
      expect(formatCalendarDate("12/12/1980")).toBe("N/A");
    }
  });
});

describe("chart date labels", () => {
  it("are Intl's en-US month and day, and weekday with date, without an Intl format", async () => {
    const Real = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (...args) {
      return new Real(...args);
    });
    const { longLabel, tickLabel } = await import("../src/components/charts/chart-time");
    const tick = new Real("en-US", { month: "short", day: "numeric" });
    const long = new Real("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      year: "numeric",
    });
    for (let day = 0; day < 400; day += 13) {
      const time = `2026-${String((day % 12) + 1).padStart(2, "0")}-${String((day % 28) + 1).padStart(2, "0")}`;
      const date = new Date(2026, day % 12, (day % 28) + 1);
      expect(tickLabel(time)).toBe(tick.format(date));
      expect(longLabel(time)).toBe(long.format(date));
    }
    expect(built).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
