import type { FastifyServerOptions } from "fastify";
import pino from "pino";
import type { Env } from "./env";

/**
 * The server's log: pino at LOG_LEVEL with the authorization header redacted, a line per request
 * received and one per answer (Fastify's request logging). Lines are written asynchronously:
 * one logged while a write is under way joins the next write, so under load the lines of many
 * requests go out in one write instead of a synchronous write each (pino's default), which cost
 * more than the rest of a kept hot read (bench/api-profile with BENCH_LOG_FILE). What is still
 * buffered when the process exits is written then (pino's destination flushes on exit). In
 * development on a terminal, pino-pretty.
 *
 * `destination`: a file descriptor (stdout by default) or a file's path.
 */
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
  return { ...options, stream: pino.destination({ dest: destination, sync: false }) };
}
