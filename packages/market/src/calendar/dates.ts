/**
 * Calendar dates as "YYYY-MM-DD" strings and plain day arithmetic on them. Dates have no time
 * zone; which instant a date starts at is the business of new-york-time.ts.
 */
export type IsoDate = string;

const MS_PER_DAY = 86_400_000;

export function dayNumber(date: IsoDate): number {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / MS_PER_DAY;
}

export function dateFromDayNumber(days: number): IsoDate {
  return new Date(days * MS_PER_DAY).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return dateFromDayNumber(dayNumber(date) + days);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return new Date(dayNumber(date) * MS_PER_DAY).getUTCDay();
}

export function isoDate(year: number, month: number, day: number): IsoDate {
  return dateFromDayNumber(Date.UTC(year, month - 1, day) / MS_PER_DAY);
}

export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

export function minDate(a: IsoDate, b: IsoDate): IsoDate {
  return a < b ? a : b;
}

export function maxDate(a: IsoDate, b: IsoDate): IsoDate {
  return a > b ? a : b;
}
