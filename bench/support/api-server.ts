/**
 * The server side of bench/api-throughput: the real app (sim market, temporary SQLite) with a
 * signed-in admin who watches ten stocks and holds ten positions bought in thirty trades, and, on
 * a second port, a bare Fastify route per read answering the same JSON the REST door answered,
 * so all are measured in one run on one machine. Prints one JSON line with the ports, the token
 * and the reads, then serves until killed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Fastify from "fastify";
import { buildApp } from "@ledgerline/server/app";
import { parseEnv } from "@ledgerline/server/env";
import { serverLogger } from "@ledgerline/server/logger";
import { hashPassword } from "@ledgerline/api/auth/passwords";
import { callApi } from "./http";

const SYMBOLS = ["AAPL", "AMZN", "GOOGL", "JPM", "KO", "MSFT", "NVDA", "PG", "V", "XOM"];

const dir = mkdtempSync(join(tmpdir(), "ledgerline-bench-"));
const env = parseEnv({
  NODE_ENV: "production",
  // bench/import.ts --postgres names a fresh PostgreSQL database.
  // eslint-disable-next-line no-restricted-properties -- the bench's own switch
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? join(dir, "app.db"),
  LOG_LEVEL: "silent",
  DEMO_SEED: "false",
  API_RATE_LIMIT_PER_MINUTE: "100000000",
  // BENCH_REDIS_URL: the shared state in Redis, as a deployment of several processes has it.
  // eslint-disable-next-line no-restricted-properties -- the bench's own switch
  ...(process.env.BENCH_REDIS_URL
    ? // eslint-disable-next-line no-restricted-properties -- the bench's own switch
      { REDIS_URL: process.env.BENCH_REDIS_URL, REDIS_KEY_PREFIX: `bench-${process.pid}:` }
    : {}),
  // A Wednesday in a regular session, so the simulated market answers every read.
  MARKET_TIME: "2026-03-11T15:00:00Z",
});
// BENCH_LOG_FILE: the server logs as production does (LOG_LEVEL info: a line per request
// received and one per answer), to that file instead of stdout.
// eslint-disable-next-line no-restricted-properties -- the bench's own switch
const logFile = process.env.BENCH_LOG_FILE;
const app = await buildApp({
  env,
  logger: logFile ? serverLogger({ ...env, LOG_LEVEL: "info" }, logFile, false) : false,
  webRoot: false,
  marketRefresher: false,
});
const now = new Date();
const passwordHash = await hashPassword("bench-admin-pass");
await app.deps.repos.users.create(
  { email: "admin@bench.test", name: "Bench Admin", passwordHash, isAdmin: true },
  now,
);
for (let i = 1; i < 10; i++) {
  await app.deps.repos.users.create(
    { email: `user${i}@bench.test`, name: `Bench User ${i}`, passwordHash, isAdmin: false },
    now,
  );
}
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}/api`;

const call = (method: string, path: string, token?: string, body?: unknown) =>
  callApi(base, method, path, token, body);

const { token } = (await call("POST", "/auth/login", undefined, {
  email: "admin@bench.test",
  password: "bench-admin-pass",
})) as { token: string };
for (const [index, symbol] of SYMBOLS.entries()) {
  await call("POST", `/savedstocks/${symbol}`, token);
  for (let trade = 1; trade <= 3; trade++) {
    await call("POST", "/portfolio", token, {
      symbol,
      quantity: trade + index / 8,
      purchasePrice: 100 + 7 * index + trade / 4,
    });
  }
}

const batchInput = (input: unknown) =>
  `?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`;

/** Each hot read by the path the web app asks (a batch of one, as httpBatchLink sends it) and the REST path. */
const reads = [
  { name: "admin users list (10 rows)", trpc: "/users.list?batch=1", rest: "/users" },
  { name: "stock watchlist (10 stocks)", trpc: "/watchlist.list?batch=1", rest: "/savedstocks" },
  { name: "stock positions (10)", trpc: "/portfolio.list?batch=1", rest: "/portfolio" },
  {
    name: "transactions, first page (25)",
    trpc: `/transactions.list${batchInput({ page: 1, pageSize: 25 })}`,
    rest: "/transaction?page=1&pageSize=25",
  },
];

// The same answers from routes with nothing in front of them.
const bare = Fastify({ logger: false });
for (const [index, read] of reads.entries()) {
  const answer = await call("GET", read.rest, token);
  bare.get(`/read${index}`, () => answer);
}
// This process's CPU time so far, so the bench can tell CPU per request beside wall-clock rates,
// and its monotonic clock in µs, the one a CPU profile's timestamps are on (bench/api-profile).
bare.get("/cpu", () => ({ ...process.cpuUsage(), clock: Number(process.hrtime.bigint() / 1000n) }));
// The longest the event loop was held since the last ask (ms), then measured afresh: a blocked
// loop answers every request late, so bench/import reports it beside the reads' latency.
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
bare.get("/loop", () => {
  const longest = loop.max / 1e6;
  loop.reset();
  return { longest };
});
await bare.listen({ port: 0, host: "127.0.0.1" });
const barePort = (bare.server.address() as { port: number }).port;

process.stdout.write(`${JSON.stringify({ port, barePort, token, reads })}\n`);

// Exiting (rather than dying) on a signal lets `node --cpu-prof` write its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(0));
