import type { Logger } from "@ledgerline/api/platform/logger";

const levels = ["fatal", "error", "warn", "info", "debug", "trace"] as const;

/** A Logger whose every level hands its message to `write`: the job tests read what was logged. */
export function loggerTo(write: (level: string, message: string) => void): Logger {
  return Object.fromEntries(
    levels.map((level) => [level, (_fields: unknown, message: string) => write(level, message)]),
  ) as unknown as Logger;
}

/** Drops every line: for the processes whose logs no test reads. */
export const quietLogger = loggerTo(() => {});
