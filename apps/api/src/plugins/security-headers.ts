import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet from "helmet";

/**
 * The headers a helmet middleware sets, found by running it once: with this configuration (no
 * nonce, nothing read from the request) they are the same for every answer.
 */
function headersOf(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) throw failure as Error;
  return headers;
}

/**
 * Helmet's security headers on every answer, with a strict CSP. Helmet's middleware is built
 * once here: @fastify/helmet rebuilds it on every request, which cost about a third of the
 * CPU of a small JSON answer (bench/api-throughput); and its headers are worked out once, as
 * running its dozen middlewares on every answer still cost about 7% of a kept answer's CPU.
 */
export const securityHeadersPlugin = fp(async function securityHeaders(app: FastifyInstance) {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Inline <style> is allowed for styles only: Radix's scroll lock (dialogs) injects one.
        // Scripts stay 'self' only, which is what keeps injected markup inert.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // The installable app (apps/web vite.config.ts): its service worker and manifest, named
        // rather than left to fall back to script-src and default-src.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  const headers = headersOf(applyHeaders);
  app.addHook("onRequest", (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
});
