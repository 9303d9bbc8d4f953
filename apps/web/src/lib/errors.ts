import { offlineMessages } from "@ledgerline/contracts/browser";

/** The HTTP status behind a failed call, from either door (tRPC client error or REST ApiError). */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const candidate = error as { status?: unknown; data?: { httpStatus?: unknown } | null };
  if (typeof candidate.data?.httpStatus === "number") return candidate.data.httpStatus;
  return typeof candidate.status === "number" ? candidate.status : undefined;
}

/**
 * The server's message for a 4xx (it says what was wrong); that the browser is offline for a call
 * that never reached the server while it is; the screen's own text for anything else.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const status = httpStatusOf(error);
  if (!status && typeof navigator !== "undefined" && !navigator.onLine) {
    return offlineMessages.writeRefused;
  }
  if (
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    error instanceof Error &&
    error.message
  ) {
    return error.message;
  }
  return fallback;
}
