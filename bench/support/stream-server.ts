/**
 * The server side of bench/stream: the real app (sim market in a regular NYSE session, so stocks
 * tick too; temporary SQLite) with one signed-in user. Prints one JSON line with the port, the
 * token, the 200 symbols and how far the market clock is from the system clock; then answers
 * each line it reads on stdin with its RSS and its live-price upstream and listener counts.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
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
await app.deps.repos.users.create(
  {
    email: "viewer@bench.test",
    name: "Bench Viewer",
    passwordHash: await hashPassword("bench-viewer-pass"),
    isAdmin: false,
  },
  new Date(),
);
await app.listen({ port: 0, host: "127.0.0.1" });
const port = (app.server.address() as { port: number }).port;
const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "viewer@bench.test", password: "bench-viewer-pass" }),
});
const { token } = (await login.json()) as { token: string };

const coins = simCoins.map((coin) => coin.symbol);
const stocks = sp500Constituents.map((row) => row.symbol).slice(0, 200 - coins.length);
console.log(
  JSON.stringify({
    port,
    token,
    symbols: [...coins, ...stocks],
    coins,
    marketOffsetMs: app.deps.market.clock.now() - Date.now(),
  }),
);

for await (const _line of createInterface({ input: process.stdin })) {
  console.log(
    JSON.stringify({
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
      upstreams: app.deps.priceTicks.upstreamCount,
      listeners: app.deps.priceTicks.listenerCount,
    }),
  );
}
