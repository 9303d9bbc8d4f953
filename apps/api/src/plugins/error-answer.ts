import { answerLanguage, type AnswerLanguage } from "@ledgerline/api/locale/answer-language";
import { errorIn } from "@ledgerline/api/locale/catalog";
import { messages } from "@ledgerline/contracts";
import { isDatabaseUnavailable } from "@ledgerline/db";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * Every error answer outside tRPC's envelope has this shape: what was wrong, fit to show to a
 * user, and one of tRPC's error codes (BAD_REQUEST, NOT_FOUND ...), so a client reads the
 * REST door, the framework's refusals and the tRPC door's codes alike.
 */
export interface ErrorBody {
  message: string;
  code: string;
  issues?: { path: string; message: string }[];
  /** A fault's request id, to quote to the operator; the details are in the log. */
  requestId?: string;
}

export const codeOfStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_SUPPORTED",
  408: "TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
};

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.floor(bytes / 1024 / 1024)} MB`
    : `${Math.floor(bytes / 1024)} KB`;
}

/**
 * The language of an answer given before (or without) a request's context: its Accept-Language's
 * (decision 0070). The account is not looked up for a refusal: a rate-limited or malformed
 * request is not worth a session lookup.
 */
export const refusalLanguage = (req: FastifyRequest): AnswerLanguage =>
  answerLanguage({ user: null, acceptLanguage: req.headers["accept-language"] ?? null });

/** What each refusal the framework raises itself (FST_ERR_*) says, in the project's words. */
export const frameworkMessages: Record<string, (req: FastifyRequest) => string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => "The request body is not valid JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    "The request body is empty: send a JSON object, or no Content-Type header",
  FST_ERR_CTP_BODY_TOO_LARGE: (req) =>
    `The request body is larger than this request takes (${sizeText(req.routeOptions.bodyLimit)})`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    "Send the request body as JSON, with the header Content-Type: application/json",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    "The request body is not as long as its Content-Length header says",
  FST_ERR_BAD_URL: () =>
    "The request's address is not valid: a % must begin an escape such as %20 or %2F",
};

/**
 * A refusal as a client sees it: its status, code and message. A framework refusal gets the
 * project's words (never Fastify's text or its FST_ERR_ code, nor the raw path it may quote);
 * an error raised on purpose (a rate limit, a too-deep body) keeps its own message and code.
 * The message is in the request's language (the catalog's `api_platform_*`, decision 0070).
 * Undefined for a fault (5xx), which says nothing internal.
 */
export function refusalOf(
  error: FastifyError,
  req: FastifyRequest,
  language: AnswerLanguage = refusalLanguage(req),
): { status: number; body: ErrorBody } | undefined {
  const status = error.statusCode ?? 500;
  if (status >= 500 || status < 400) return undefined;
  const code = codeOfStatus[status] ?? "BAD_REQUEST";
  if (!error.code?.startsWith("FST_")) {
    const body = { message: error.message, code: error.code ?? code };
    return { status, body: errorIn(body, language) };
  }
  const message =
    frameworkMessages[error.code]?.(req) ??
    (status === 413
      ? frameworkMessages.FST_ERR_CTP_BODY_TOO_LARGE!(req)
      : "The request is not valid");
  return { status, body: errorIn({ message, code }, language) };
}

/**
 * How any error that reached Fastify is answered: its own 4xx status and message, a 503 when the
 * database could not be reached (a client may retry), or a bare 500 with the request id (the
 * details go to the log, never to the client).
 */
export function answerError(
  error: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
  language: AnswerLanguage = refusalLanguage(req),
) {
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, "database unavailable");
    const body = { message: messages.databaseUnavailable, code: "SERVICE_UNAVAILABLE" };
    return reply.code(503).header("retry-after", "1").send(errorIn(body, language));
  }
  const refusal = refusalOf(error, req, language);
  if (refusal) return reply.code(refusal.status).send(refusal.body);
  req.log.error({ err: error }, "request failed");
  const body: ErrorBody = {
    message: "Internal server error",
    code: "INTERNAL_SERVER_ERROR",
    requestId: req.id,
  };
  return reply.code(500).send(errorIn(body, language));
}
