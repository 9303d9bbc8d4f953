import { z } from "zod";
import { ledgerDateTime } from "./dates";

/**
 * Query-string parameters the list endpoints share. REST clients written for the original system
 * send what a browser's inputs give them: `datetime-local` values without an offset, date-only
 * values, and column names in any letter case. Each is read here, once, into one canonical form.
 */

/** A query string may carry an empty value for an unset parameter: "" reads as not set. */
export const unsetWhenEmpty = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WITHOUT_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?$/;

/**
 * Reads a date parameter as an ISO 8601 date-time with an offset. Without an offset it is UTC; a
 * date alone is the start of that UTC day for the start of a range and its last millisecond for
 * the end, so a one-day range holds the whole day.
 */
function toIsoDateTime(value: unknown, edge: "start" | "end"): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (DATE_ONLY.test(text)) {
    return edge === "start" ? `${text}T00:00:00.000Z` : `${text}T23:59:59.999Z`;
  }
  if (WITHOUT_OFFSET.test(text)) return `${text.length === 16 ? `${text}:00` : text}Z`;
  return text;
}

export function dateParam(name: string, edge: "start" | "end") {
  return z.preprocess(
    (value) => toIsoDateTime(unsetWhenEmpty(value), edge),
    ledgerDateTime(name, `${name} must be a date or an ISO 8601 date-time`)
      .optional()
      .describe(
        `${name}, inclusive: an ISO 8601 date-time; without an offset it is UTC, and a date alone (YYYY-MM-DD) means the ${edge === "start" ? "start" : "end"} of that UTC day`,
      ),
  );
}

/** One of a fixed set of names, matched in any letter case and answered in its canonical form. */
export function caseInsensitiveEnum<const T extends readonly [string, ...string[]]>(
  values: T,
  error: string,
) {
  const byLowerCase = new Map(values.map((value) => [value.toLowerCase(), value]));
  return z.preprocess(
    (value) => {
      const unset = unsetWhenEmpty(value);
      return typeof unset === "string"
        ? (byLowerCase.get(unset.trim().toLowerCase()) ?? unset)
        : unset;
    },
    z.enum(values, { error }),
  );
}

export const sortOrderParam = caseInsensitiveEnum(["asc", "desc"], "sortOrder must be asc or desc");

/** A range whose start is after its end finds nothing by definition: say so instead. */
export function startNotAfterEnd(query: { startDate?: string; endDate?: string }): boolean {
  return (
    !query.startDate || !query.endDate || Date.parse(query.startDate) <= Date.parse(query.endDate)
  );
}
