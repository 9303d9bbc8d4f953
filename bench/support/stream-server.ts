/**
 * The server side of bench/stream: the real app (sim market in a regular NYSE session, so stocks
 * tick too; temporary SQLite) with signed-in viewers, each under the live-stream limits. Prints one
 * JSON line with the port, the viewers' tokens, the 200 symbols and how far the market clock is from the system clock; then answers
 * each line it reads on stdin with its RSS and heap, its live-price upstreams and listeners, and
 * its open event streams.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { LIVE_STREAMS_LIMIT } from "@ledgerline/contracts";
import { simCoins } from "@ledgerline/market";
import { sp500Constituents } from "../../packages/market/src/sim/data/sp500-constituents.gen";
import { buildApp } from "@ledgerline/server/app";
import { parseEnv } from "@ledgerline/server/env";
import { hashPassword } from "@ledgerline/api/auth/passwords";
import { startSession } from "@ledgerline/api/auth/sessions";

const dir = mkdtempSync(join(tmpdir(), "ledgerline-bench-stream-"));
const env = parseEnv({
  NODE_ENV: "production",
  DATABASE_URL: join(dir, "app.db"),
  LOG_LEVEL: "silent",
  DEMO_SEED: "false",
  API_RATE_LIMIT_PER_MINUTE: "100000000",
  MARKET_TIME: "2026-03-11T15:00:00Z",
});
const app = await buildApp({ env, logger: false, webRoot: false, marketRefresher: false });
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;

const coins = simCoins.map((coin) => coin.symbol);
const stocks = sp500Constituents.map((row) => row.symbol).slice(0, 200 - coins.length);
const symbols = [...coins, ...stocks];

/** The most clients the bench opens (its first argument). */
const maxClients = Number(process.argv[2] ?? 10_000);
const passwordHash = await hashPassword("bench-viewer-pass");

/**
 * A signed-in viewer (a session started as a sign-in starts it, without a password check each).
 * Each holds at most LIVE_STREAMS_LIMIT streams of one symbol each, consecutive symbols, so
 * also under LIVE_SYMBOLS_LIMIT symbols.
 */
async function viewerToken(n: number): Promise<string> {
  const user = await app.deps.repos.users.create(
    { email: `viewer${n}@bench.test`, name: `Bench Viewer ${n}`, passwordHash, isAdmin: false },
    new Date(),
  );
  if (!user) throw new Error(`viewer ${n} was not created`);
  return (await startSession({ deps: app.deps, ip: "127.0.0.1", userAgent: "bench" }, user)).token;
}
const viewers = Math.ceil(maxClients / LIVE_STREAMS_LIMIT);
const tokens: string[] = [];
for (let n = 0; n < viewers; n++) tokens.push(await viewerToken(n));

console.log(
  JSON.stringify({
    port,
    tokens,
    streamsPerViewer: LIVE_STREAMS_LIMIT,
    symbols,
    coins,
    marketOffsetMs: app.deps.market.clock.now() - Date.now(),
  }),
);

for await (const _line of createInterface({ input: process.stdin })) {
  console.log(
    JSON.stringify({
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      heapMb: Math.round(process.memoryUsage().heapUsed / 1024 / 1024),
      upstreams: app.deps.priceTicks.upstreamCount,
      listeners: app.deps.priceTicks.listenerCount,
      streams: app.deps.quoteStreams.size,
    }),
  );
}
