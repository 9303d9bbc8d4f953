import type { Time } from "lightweight-charts";

/** A chart time (business day, YYYY-MM-DD text or Unix seconds) as that calendar day, locally. */
export function chartDate(time: Time): Date {
  if (typeof time === "number") {
    const utc = new Date(time * 1000);
    return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
  }
  if (typeof time === "string") {
    const [year = 1970, month = 1, day = 1] = time.split("-").map(Number);
    return new Date(year, month - 1, day);
  }
  return new Date(time.year, time.month - 1, time.day);
}

const tickFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const longFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
});

export const tickLabel = (time: Time) => tickFormat.format(chartDate(time));
export const longLabel = (time: Time) => longFormat.format(chartDate(time));
