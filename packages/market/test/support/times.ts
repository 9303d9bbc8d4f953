/**
 * Instants used across the tests, in New York time (EDT is UTC-4 from 8 March 2026, EST UTC-5
 * before it). Wednesday 11 March 2026 is an ordinary trading day.
 */
export const TRADING_DAY = "2026-03-11";
export const DURING_SESSION = new Date("2026-03-11T15:00:00Z"); // 11:00 EDT
export const LATER_IN_SESSION = new Date("2026-03-11T18:30:00Z"); // 14:30 EDT
export const BEFORE_OPEN = new Date("2026-03-11T13:00:00Z"); // 09:00 EDT
export const AFTER_CLOSE = new Date("2026-03-11T21:30:00Z"); // 17:30 EDT
export const SATURDAY = new Date("2026-03-14T16:00:00Z");
export const SUNDAY = new Date("2026-03-15T19:00:00Z");
/** Independence Day observed: the NYSE is closed on Friday 3 July 2026. */
export const HOLIDAY = new Date("2026-07-03T15:00:00Z");
/** The day after Thanksgiving 2026 closes at 13:00. */
export const EARLY_CLOSE_BEFORE = new Date("2026-11-27T17:30:00Z"); // 12:30 EST
export const EARLY_CLOSE_AFTER = new Date("2026-11-27T18:30:00Z"); // 13:30 EST
