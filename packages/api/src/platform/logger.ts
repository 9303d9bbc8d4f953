import type { LogFn } from "pino";

/** What the services log through: the host's pino logger (Fastify's, on a server) is one. */
export interface Logger {
  fatal: LogFn;
  error: LogFn;
  warn: LogFn;
  info: LogFn;
  debug: LogFn;
  trace: LogFn;
}
