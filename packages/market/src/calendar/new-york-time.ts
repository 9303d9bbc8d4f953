import { addDays, dayNumber, type IsoDate } from "./dates";

/**
 * The US market's wall clock: from 2007 to 2099 by the US daylight-saving rule in force since
 * 2007, otherwise by Intl, which knows every earlier rule. Intl's first call maps ICU's time zone
 * data (megabytes of resident memory, issue 35), and every quote's freshness asks for this clock;
 * a test holds the rule to Intl over every year it covers.
 */
let formatter: Intl.DateTimeFormat | undefined;

export interface WallClock {
  date: IsoDate;
  /** Milliseconds since local midnight. */
  msOfDay: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const RULE_FIRST_YEAR = 2007;
const RULE_LAST_YEAR = 2099;
const EASTERN_DAYLIGHT = -4 * HOUR_MS;
const EASTERN_STANDARD = -5 * HOUR_MS;

/** The day of the month (1-31) of the `nth` Sunday of a month (0-11) of a year. */
function nthSunday(year: number, month: number, nth: number): number {
  const weekdayOfFirst = new Date(Date.UTC(year, month, 1)).getUTCDay();
  return 1 + ((7 - weekdayOfFirst) % 7) + 7 * (nth - 1);
}

/**
 * New York's offset by the US rule since 2007: daylight time (UTC-4) from the second Sunday of
 * March at 2:00 standard time (07:00 UTC) to the first Sunday of November at 2:00 daylight time
 * (06:00 UTC), standard time (UTC-5) otherwise; undefined outside the years it is used for.
 */
function offsetByRule(instant: number): number | undefined {
  const year = new Date(instant).getUTCFullYear();
  if (year < RULE_FIRST_YEAR || year > RULE_LAST_YEAR) return undefined;
  const daylightFrom = Date.UTC(year, 2, nthSunday(year, 2, 2), 7);
  const daylightUntil = Date.UTC(year, 10, nthSunday(year, 10, 1), 6);
  return instant >= daylightFrom && instant < daylightUntil ? EASTERN_DAYLIGHT : EASTERN_STANDARD;
}

/** New York's offset from UTC at `instant`: by the rule, else read from Intl (the slow part). */
function offsetAt(instant: number): number {
  return offsetByRule(instant) ?? offsetFromIntl(instant);
}

function offsetFromIntl(instant: number): number {
  formatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const values: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== "literal") values[part.type] = Number(part.value);
  }
  const shownAsUtc = Date.UTC(
    values.year ?? 1970,
    (values.month ?? 1) - 1,
    values.day ?? 1,
    values.hour ?? 0,
    values.minute ?? 0,
    values.second ?? 0,
  );
  return shownAsUtc - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * Offsets by UTC hour. Every change of New York's offset falls on a whole UTC hour, so one
 * hour never has two; this turns a hot path (every quote's freshness asks for the wall clock)
 * from an Intl call into a map lookup.
 */
const offsetByHour = new Map<number, number>();
const OFFSET_CACHE_HOURS = 4096;

function hourOffset(hour: number): number {
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    offset = offsetAt(hour * HOUR_MS);
    if (offsetByHour.size >= OFFSET_CACHE_HOURS) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * Offsets by UTC day, null for a day in which it changes (those go by the hour). New York's
 * offset changes twice a year, months apart: a day that starts and ends on the same offset keeps
 * it throughout. Years of trades (a lot replay's dates: 100,000 trades over five years are
 * 44,000 hours, ten times the hours' cache) then take two Intl calls a day, not one an hour.
 */
const offsetByDay = new Map<number, number | null>();
const OFFSET_CACHE_DAYS = 4096;

function newYorkOffset(instant: number): number {
  const hour = Math.floor(instant / HOUR_MS);
  const day = Math.floor(hour / 24);
  let offset = offsetByDay.get(day);
  if (offset === undefined) {
    const start = hourOffset(day * 24);
    offset = start === hourOffset(day * 24 + 24) ? start : null;
    if (offsetByDay.size >= OFFSET_CACHE_DAYS) offsetByDay.clear();
    offsetByDay.set(day, offset);
  }
  return offset ?? hourOffset(hour);
}

export function newYorkWallClock(instant: number): WallClock {
  const shown = instant + newYorkOffset(instant);
  return {
    date: new Date(shown).toISOString().slice(0, 10),
    msOfDay: ((shown % DAY_MS) + DAY_MS) % DAY_MS,
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
