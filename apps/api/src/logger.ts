import type { FastifyServerOptions } from "fastify";
import pino from "pino";
import type { Env } from "./env";

/**
 * The server's log: pino at LOG_LEVEL with the authorization header redacted, a line per request
 * received and one per answer (Fastify's request logging). Lines are written asynchronously, in
 * writes of LOG_WRITE_BYTES or what LOG_FLUSH_MS gathered, whichever comes first: under load the
 * lines of many requests go out in one write instead of a synchronous write each (pino's
 * default: ~13 µs of a kept hot read's main thread, bench/api-profile with BENCH_LOG_FILE), and
 * a quiet server's line is out within LOG_FLUSH_MS. What is still buffered when the process
 * exits is written then (pino's destination flushes on exit). In development on a terminal,
 * pino-pretty.
 *
 * `destination`: a file descriptor (stdout by default) or a file's path.
 */
/** Bytes of log lines gathered into one write. */
const LOG_WRITE_BYTES = 4096;
/** The longest a log line waits for its write. */
const LOG_FLUSH_MS = 200;

export function serverLogger(
  env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">,
  destination: number | string = 1,
  pretty = process.stdout.isTTY,
): FastifyServerOptions["logger"] {
  const options = { level: env.LOG_LEVEL, redact: ["req.headers.authorization"] };
  if (env.NODE_ENV === "development" && pretty) {
    return {
      ...options,
      transport: {
        target: "pino-pretty",
        options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
      },
    };
  }
  return {
    ...options,
    stream: pino.destination({
      dest: destination,
      sync: false,
      minLength: LOG_WRITE_BYTES,
      periodicFlush: LOG_FLUSH_MS,
    }),
  };
}
