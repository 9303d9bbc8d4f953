import { z } from "zod";
import { dateOutOfRange, withinDateRange } from "./date-range";

/**
 * Every date a client sends goes through one of these two (date-range.ts): refused when it is not
 * a date (the format's message), and with `<label> must be between 1970-01-01 and 2099-12-31`
 * when it is one outside those years.
 */

/** The range check, made only of a value that is a date at all (else the format's message alone). */
const inRange = (label: string) =>
  [
    withinDateRange,
    {
      message: dateOutOfRange(label),
      when: (payload: z.core.ParsePayload) => payload.issues.length === 0,
    },
  ] as const;

/** A calendar date (YYYY-MM-DD) a client sends. */
export function ledgerDate(label: string) {
  return z.iso.date().refine(...inRange(label));
}

/** An ISO 8601 date-time with an offset a client sends. */
export function ledgerDateTime(label: string, formatMessage?: string) {
  return z.iso
    .datetime(
      formatMessage === undefined ? { offset: true } : { offset: true, error: formatMessage },
    )
    .refine(...inRange(label));
}
