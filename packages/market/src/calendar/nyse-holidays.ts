import { addDays, isoDate, weekday, type IsoDate } from "./dates";

/**
 * NYSE full-day closures and 1:00 p.m. early closes as the exchange published them. These lists
 * are the truth for the years they cover; other years fall back to the rules below (which a test
 * checks against these lists). Unscheduled closures only exist here: 2025-01-09 was the national
 * day of mourning for President Carter.
 */
export const NYSE_OFFICIAL_HOLIDAYS: Readonly<Record<number, readonly IsoDate[]>> = {
  2023: [
    "2023-01-02",
    "2023-01-16",
    "2023-02-20",
    "2023-04-07",
    "2023-05-29",
    "2023-06-19",
    "2023-07-04",
    "2023-09-04",
    "2023-11-23",
    "2023-12-25",
  ],
  2024: [
    "2024-01-01",
    "2024-01-15",
    "2024-02-19",
    "2024-03-29",
    "2024-05-27",
    "2024-06-19",
    "2024-07-04",
    "2024-09-02",
    "2024-11-28",
    "2024-12-25",
  ],
  2025: [
    "2025-01-01",
    "2025-01-09",
    "2025-01-20",
    "2025-02-17",
    "2025-04-18",
    "2025-05-26",
    "2025-06-19",
    "2025-07-04",
    "2025-09-01",
    "2025-11-27",
    "2025-12-25",
  ],
  2026: [
    "2026-01-01",
    "2026-01-19",
    "2026-02-16",
    "2026-04-03",
    "2026-05-25",
    "2026-06-19",
    "2026-07-03",
    "2026-09-07",
    "2026-11-26",
    "2026-12-25",
  ],
  2027: [
    "2027-01-01",
    "2027-01-18",
    "2027-02-15",
    "2027-03-26",
    "2027-05-31",
    "2027-06-18",
    "2027-07-05",
    "2027-09-06",
    "2027-11-25",
    "2027-12-24",
  ],
};

export const NYSE_OFFICIAL_EARLY_CLOSES: Readonly<Record<number, readonly IsoDate[]>> = {
  2023: ["2023-07-03", "2023-11-24"],
  2024: ["2024-07-03", "2024-11-29", "2024-12-24"],
  2025: ["2025-07-03", "2025-11-28", "2025-12-24"],
  2026: ["2026-11-27", "2026-12-24"],
  2027: ["2027-11-26"],
};

/** Unscheduled closures that the rules cannot know about. */
export const NYSE_SPECIAL_CLOSURES: readonly IsoDate[] = ["2025-01-09"];

function nthWeekday(year: number, month: number, dayOfWeek: number, n: number): IsoDate {
  const first = isoDate(year, month, 1);
  const offset = (dayOfWeek - weekday(first) + 7) % 7;
  return addDays(first, offset + (n - 1) * 7);
}

function lastWeekday(year: number, month: number, dayOfWeek: number): IsoDate {
  const last = isoDate(year, month + 1, 0);
  return addDays(last, -((weekday(last) - dayOfWeek + 7) % 7));
}

/** Saturday holidays move to Friday, Sunday holidays to Monday. */
function observed(date: IsoDate): IsoDate {
  const day = weekday(date);
  if (day === 6) return addDays(date, -1);
  if (day === 0) return addDays(date, 1);
  return date;
}

/** Gregorian Easter Sunday (the anonymous Gregorian algorithm). */
function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** NYSE Rule 7.2 holidays for a year, from the rules alone. */
export function ruleBasedHolidays(year: number): IsoDate[] {
  const holidays: IsoDate[] = [];
  // New Year's Day on a Saturday is not observed on the Friday before (that Friday is in the
  // previous year and ends its books), so only the Sunday shift applies.
  const newYear = isoDate(year, 1, 1);
  if (weekday(newYear) !== 6) holidays.push(observed(newYear));
  holidays.push(nthWeekday(year, 1, 1, 3)); // Martin Luther King, Jr. Day
  holidays.push(nthWeekday(year, 2, 1, 3)); // Washington's Birthday
  holidays.push(addDays(easterSunday(year), -2)); // Good Friday
  holidays.push(lastWeekday(year, 5, 1)); // Memorial Day
  if (year >= 2022) holidays.push(observed(isoDate(year, 6, 19))); // Juneteenth
  holidays.push(observed(isoDate(year, 7, 4)));
  holidays.push(nthWeekday(year, 9, 1, 1)); // Labor Day
  holidays.push(nthWeekday(year, 11, 4, 4)); // Thanksgiving
  holidays.push(observed(isoDate(year, 12, 25)));
  return holidays.sort();
}

/** 1:00 p.m. closes: 3 July and 24 December when they fall Monday to Thursday, and Black Friday. */
export function ruleBasedEarlyCloses(year: number): IsoDate[] {
  const closes: IsoDate[] = [];
  const isMondayToThursday = (date: IsoDate) => weekday(date) >= 1 && weekday(date) <= 4;
  const julyThird = isoDate(year, 7, 3);
  if (isMondayToThursday(julyThird)) closes.push(julyThird);
  closes.push(addDays(nthWeekday(year, 11, 4, 4), 1));
  const christmasEve = isoDate(year, 12, 24);
  if (isMondayToThursday(christmasEve)) closes.push(christmasEve);
  return closes.sort();
}
