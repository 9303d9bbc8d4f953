import { messages } from "@ledgerline/contracts";
import { isDatabaseUnavailable } from "@ledgerline/db";
import { getTRPCErrorFromUnknown, TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";

export interface ValidationIssue {
  path: string;
  message: string;
}

function issuesOf(error: TRPCError): ValidationIssue[] | undefined {
  const cause = error.cause as { issues?: unknown } | undefined;
  if (!cause || !Array.isArray(cause.issues)) return undefined;
  return (cause.issues as { path?: PropertyKey[]; message: string }[]).map((issue) => ({
    path: (issue.path ?? []).map(String).join("."),
    message: issue.message,
  }));
}

export interface PublicError {
  status: number;
  message: string;
  code: TRPCError["code"];
  issues?: ValidationIssue[];
}

/**
 * What a client may learn from an error: for 4xx what was wrong (validation issues become one
 * readable sentence); for an unexpected fault nothing internal. Errors we raise on purpose with a
 * 5xx status (an unavailable market provider) carry a message written to be shown.
 */
export function toPublicError(error: TRPCError): PublicError {
  const status = getHTTPStatusCodeFromError(error);
  if (error.code === "INTERNAL_SERVER_ERROR")
    return { status, code: error.code, message: "Internal server error" };
  const issues = issuesOf(error);
  const message = issues
    ? [...new Set(issues.map((issue) => issue.message))].join("; ")
    : error.message;
  return { status, code: error.code, message, ...(issues ? { issues } : {}) };
}

/** The error a stored public error stands for, for replaying an answer as it was given. */
export function errorFromPublic(error: PublicError): TRPCError {
  const cause = error.issues
    ? Object.assign(new Error(error.message), {
        issues: error.issues.map((issue) => ({
          path: issue.path === "" ? [] : issue.path.split("."),
          message: issue.message,
        })),
      })
    : undefined;
  return new TRPCError({ code: error.code, message: error.message, cause });
}

/**
 * Any failure as tRPC answers it, but a lost database connection (a restarting server, a dying
 * pooled connection) as a 503 a client may retry, with the same idempotency key for a trade.
 */
export function trpcErrorOf(cause: unknown): TRPCError {
  if (isDatabaseUnavailable(cause)) {
    return new TRPCError({
      code: "SERVICE_UNAVAILABLE",
      message: messages.databaseUnavailable,
      cause,
    });
  }
  return getTRPCErrorFromUnknown(cause);
}
