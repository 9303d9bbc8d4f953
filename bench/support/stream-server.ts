/**
 * The server side of bench/stream: the real app (sim market in a regular NYSE session, so stocks
 * tick too; temporary SQLite) with signed-in viewers, each under the live-symbol limit. Prints one
 * JSON line with the port, the viewers' tokens, the 200 symbols and how far the market clock is from the system clock; then answers
 * each line it reads on stdin with its RSS and heap, its live-price upstreams and listeners, and
 * its open event streams.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { LIVE_SYMBOLS_LIMIT } from "@ledgerline/contracts";
import { simCoins } from "@ledgerline/market";
import { sp500Constituents } from "../../packages/market/src/sim/data/sp500-constituents.gen";
import { buildApp } from "../../apps/api/src/app";
import { parseEnv } from "../../apps/api/src/env";
import { hashPassword } from "../../apps/api/src/services/passwords";

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

/** A signed-in viewer; each watches at most LIVE_SYMBOLS_LIMIT symbols, so 200 need two. */
async function viewerToken(n: number): Promise<string> {
  const email = `viewer${n}@bench.test`;
  const password = "bench-viewer-pass";
  const passwordHash = await hashPassword(password);
  await app.deps.repos.users.create(
    { email, name: `Bench Viewer ${n}`, passwordHash, isAdmin: false },
    new Date(),
  );
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await login.json()) as { token: string }).token;
}
const viewers = Math.ceil(symbols.length / LIVE_SYMBOLS_LIMIT);
const tokens: string[] = [];
for (let n = 0; n < viewers; n++) tokens.push(await viewerToken(n));

console.log(
  JSON.stringify({
    port,
    tokens,
    symbolsPerViewer: LIVE_SYMBOLS_LIMIT,
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
