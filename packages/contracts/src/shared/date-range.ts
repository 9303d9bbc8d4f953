/**
 * The years a date of this ledger can sanely fall in (issue 29): before 1970 or in the year 9999
 * a date is a typo, not history or a plan. Dates of what happened (a trade, a dividend's ex-date
 * and pay date, an imported row) are also checked against the server's clock: none is in the
 * future. No zod here, so the browser's date inputs take the same bounds (browser.ts).
 */
export const EARLIEST_DATE = "1970-01-01";
export const LATEST_DATE = "2099-12-31";

/** The refusal of a date outside the years above. */
export function dateOutOfRange(label: string): string {
  return `${label} must be between ${EARLIEST_DATE} and ${LATEST_DATE}`;
}

/** The refusal of a date of something that happened, dated after today. */
export function dateInFuture(label: string): string {
  return `${label} cannot be in the future`;
}

const earliest = Date.parse(`${EARLIEST_DATE}T00:00:00Z`);
const afterLatest = Date.parse(`${LATEST_DATE}T00:00:00Z`) + 24 * 60 * 60 * 1000;

/** Whether an ISO 8601 date or date-time lies within the years above (an unreadable one does not). */
export function withinDateRange(iso: string): boolean {
  const instant = Date.parse(iso);
  return instant >= earliest && instant < afterLatest;
}
