import { messages } from "@ledgerline/contracts";
import { isDatabaseUnavailable } from "@ledgerline/db";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * How any error that reached Fastify is answered: its own 4xx status and message, a 503 when the
 * database could not be reached (a client may retry), or a bare 500 with the request id (the
 * details go to the log, never to the client).
 */
export function answerError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (isDatabaseUnavailable(error)) {
    req.log.warn({ err: error }, "database unavailable");
    return reply
      .code(503)
      .header("retry-after", "1")
      .send({ message: messages.databaseUnavailable, code: "SERVICE_UNAVAILABLE" });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Internal server error", requestId: req.id });
  }
  return reply.code(status).send({ message: error.message, code: error.code });
}
