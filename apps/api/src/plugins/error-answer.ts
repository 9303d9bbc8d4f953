import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * How any error that reached Fastify is answered: its own 4xx status and message, or a bare 500
 * with the request id (the details go to the log, never to the client).
 */
export function answerError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    req.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: "Internal server error", requestId: req.id });
  }
  return reply.code(status).send({ message: error.message, code: error.code });
}
