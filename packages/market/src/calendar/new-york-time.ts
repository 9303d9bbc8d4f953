import { addDays, dayNumber, type IsoDate } from "./dates";

/** The US market's wall clock. Intl knows the daylight-saving rules, so nothing is hard-coded. */
const formatter = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export interface WallClock {
  date: IsoDate;
  /** Milliseconds since local midnight. */
  msOfDay: number;
}

export function newYorkWallClock(instant: number): WallClock {
  const values: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  const ms = ((instant % 1000) + 1000) % 1000;
  const date = `${String(values.year).padStart(4, "0")}-${String(values.month).padStart(2, "0")}-${String(values.day).padStart(2, "0")}`;
  return {
    date,
    msOfDay:
      ((values.hour ?? 0) * 3600 + (values.minute ?? 0) * 60 + (values.second ?? 0)) * 1000 + ms,
  };
}

export function newYorkDate(instant: number): IsoDate {
  return newYorkWallClock(instant).date;
}

/** The instant at which New York's wall clock shows `date` plus `msOfDay`. */
export function newYorkInstant(date: IsoDate, msOfDay: number): number {
  const asIfUtc = dayNumber(date) * 86_400_000 + msOfDay;
  // New York is UTC-4 or UTC-5; guess, then correct by the offset actually in force there.
  let guess = asIfUtc + 5 * 3_600_000;
  for (let i = 0; i < 2; i++) {
    const wall = newYorkWallClock(guess);
    const shownAsUtc = dayNumber(wall.date) * 86_400_000 + wall.msOfDay;
    guess += asIfUtc - shownAsUtc;
  }
  return guess;
}

/** Midnight in New York at the start of `date`, which is what daily bars are stamped with. */
export function newYorkMidnight(date: IsoDate): number {
  return newYorkInstant(date, 0);
}

export function nextNewYorkMidnight(date: IsoDate): number {
  return newYorkMidnight(addDays(date, 1));
}
