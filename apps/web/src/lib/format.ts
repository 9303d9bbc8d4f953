const dateTime = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

/** The spec's date format: a short month with time, in the viewer's time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : dateTime.format(date);
}

/** Empty values read N/A, as the spec asks for IP address and failure reason. */
export function orNA(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? "N/A" : value;
}
