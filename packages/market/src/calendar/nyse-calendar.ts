import { addDays, dateFromDayNumber, dayNumber, weekday, yearOf, type IsoDate } from "./dates";
import { newYorkInstant, newYorkWallClock } from "./new-york-time";
import {
  NYSE_OFFICIAL_EARLY_CLOSES,
  NYSE_OFFICIAL_HOLIDAYS,
  ruleBasedEarlyCloses,
  ruleBasedHolidays,
} from "./nyse-holidays";

const HOUR = 3_600_000;
const MINUTE = 60_000;

export const REGULAR_OPEN_MS = 9 * HOUR + 30 * MINUTE;
export const REGULAR_CLOSE_MS = 16 * HOUR;
export const EARLY_CLOSE_MS = 13 * HOUR;
export const PRE_MARKET_OPEN_MS = 4 * HOUR;
export const AFTER_HOURS_CLOSE_MS = 20 * HOUR;

/** One regular trading session of the NYSE. */
export interface TradingSession {
  date: IsoDate;
  opensAt: number;
  closesAt: number;
  earlyClose: boolean;
}

/** regular = the session is running; pre/post = extended hours of a trading day. */
export type MarketPhase = "pre" | "regular" | "post" | "closed";

const holidayCache = new Map<number, ReadonlySet<IsoDate>>();
const earlyCloseCache = new Map<number, ReadonlySet<IsoDate>>();

function holidaysOf(year: number): ReadonlySet<IsoDate> {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(NYSE_OFFICIAL_HOLIDAYS[year] ?? ruleBasedHolidays(year));
    holidayCache.set(year, set);
  }
  return set;
}

function earlyClosesOf(year: number): ReadonlySet<IsoDate> {
  let set = earlyCloseCache.get(year);
  if (!set) {
    set = new Set(NYSE_OFFICIAL_EARLY_CLOSES[year] ?? ruleBasedEarlyCloses(year));
    earlyCloseCache.set(year, set);
  }
  return set;
}

export function isNyseHoliday(date: IsoDate): boolean {
  return holidaysOf(yearOf(date)).has(date);
}

export function isEarlyClose(date: IsoDate): boolean {
  return earlyClosesOf(yearOf(date)).has(date);
}

export function isTradingDay(date: IsoDate): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !isNyseHoliday(date);
}

const sessionCache = new Map<IsoDate, TradingSession | null>();

/** The regular session held on `date`, or undefined on weekends and holidays. */
export function sessionOn(date: IsoDate): TradingSession | undefined {
  let session = sessionCache.get(date);
  if (session === undefined) {
    if (isTradingDay(date)) {
      const earlyClose = isEarlyClose(date);
      session = {
        date,
        opensAt: newYorkInstant(date, REGULAR_OPEN_MS),
        closesAt: newYorkInstant(date, earlyClose ? EARLY_CLOSE_MS : REGULAR_CLOSE_MS),
        earlyClose,
      };
    } else {
      session = null;
    }
    if (sessionCache.size > 20_000) sessionCache.clear();
    sessionCache.set(date, session);
  }
  return session ?? undefined;
}

export function previousTradingDay(date: IsoDate): IsoDate {
  let day = addDays(date, -1);
  while (!isTradingDay(day)) day = addDays(day, -1);
  return day;
}

export function nextTradingDay(date: IsoDate): IsoDate {
  let day = addDays(date, 1);
  while (!isTradingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * Trading days from `from` to `to`, both included. By day number, weekends skipped before a date
 * is written: the market data's store asks this for years of a symbol's days at a time (a
 * returns read after an import: fifty symbols' five years, twice each).
 */
export function tradingDaysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  const last = dayNumber(to);
  for (let n = dayNumber(from); n <= last; n++) {
    // Day 0, 1970-01-01, was a Thursday (4).
    const day = (((n + 4) % 7) + 7) % 7;
    if (day === 0 || day === 6) continue;
    const date = dateFromDayNumber(n);
    if (!isNyseHoliday(date)) days.push(date);
  }
  return days;
}

export function marketPhaseAt(instant: number): MarketPhase {
  const wall = newYorkWallClock(instant);
  const session = sessionOn(wall.date);
  if (!session) return "closed";
  if (instant >= session.opensAt && instant < session.closesAt) return "regular";
  if (wall.msOfDay >= PRE_MARKET_OPEN_MS && instant < session.opensAt) return "pre";
  if (instant >= session.closesAt && wall.msOfDay < AFTER_HOURS_CLOSE_MS) return "post";
  return "closed";
}

/** The session running at `instant`, if the market is in regular hours. */
export function sessionInProgress(instant: number): TradingSession | undefined {
  const session = sessionOn(newYorkWallClock(instant).date);
  return session && instant >= session.opensAt && instant < session.closesAt ? session : undefined;
}

/** The most recent session that has closed by `instant`. */
export function lastCompletedSession(instant: number): TradingSession {
  const today = newYorkWallClock(instant).date;
  const session = sessionOn(today);
  if (session && instant >= session.closesAt) return session;
  return sessionOn(previousTradingDay(today)) as TradingSession;
}

/** The next session that has not opened yet at `instant`. */
export function nextSessionOpening(instant: number): TradingSession {
  const today = newYorkWallClock(instant).date;
  const session = sessionOn(today);
  if (session && instant < session.opensAt) return session;
  return sessionOn(nextTradingDay(today)) as TradingSession;
}
