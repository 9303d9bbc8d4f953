/**
 * A FIFO sale through the API (issue 32's bench, the request a person makes): one user with
 * 100,000 trades over 200 symbols and 3 accounts (two taxable, one IRA, all FIFO), written
 * straight to a temporary SQLite database, then `POST /api/portfolio/{id}/sell` of one share of
 * one symbol's position at a given price, through the real app (inject: no socket). Prints the
 * median and p95 of the sales after 3 warm-ups, the sale's answer listing its lots. Budget: 50 ms
 * median.
 *
 *   tsx tax-sale-api.ts [sales, default 30]
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportedTrade } from "@ledgerline/db";
import { buildApp } from "@ledgerline/server/app";
import { parseEnv } from "@ledgerline/server/env";

const TRADES = 100_000;
const SYMBOLS = 200;
const SALES = Number(process.argv[2] ?? 30);

/** A deterministic generator (mulberry32), so every run writes the same log. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dir = mkdtempSync(join(tmpdir(), "ledgerline-bench-"));
const env = parseEnv({
  NODE_ENV: "production",
  DATABASE_URL: join(dir, "app.db"),
  LOG_LEVEL: "silent",
  DEMO_SEED: "false",
  API_RATE_LIMIT_PER_MINUTE: "100000000",
  MARKET_TIME: "2026-03-11T15:00:00Z",
});
const app = await buildApp({ env, logger: false, webRoot: false, marketRefresher: false });

async function call(method: "GET" | "POST", url: string, token: string, body?: unknown) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  if (response.statusCode >= 300)
    throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as unknown;
}

const registered = await app.inject({
  method: "POST",
  url: "/api/auth/register",
  payload: { email: "trader@bench.test", name: "Bench Trader", password: "bench-trader-pass-42" },
});
const { token, id: userId } = JSON.parse(registered.body) as { token: string; id: number };
// A newly registered user's first account is taxable and FIFO.
const accounts = ((await call("GET", "/api/accounts", token)) as { id: number }[]).slice(0, 1);
for (const [name, type] of [
  ["Second taxable", "taxable"],
  ["IRA", "ira"],
] as const) {
  accounts.push((await call("POST", "/api/accounts", token, { name, type })) as { id: number });
}

// The trades of each account, oldest first, sells within what the account holds.
const next = random(32);
const held = new Map<string, number>();
const byAccount = new Map<number, ImportedTrade[]>(accounts.map(({ id }) => [id, []]));
const start = Date.parse("2020-01-02T15:00:00Z");
const span = Date.parse("2026-03-10T15:00:00Z") - start;
for (let index = 1; index <= TRADES; index += 1) {
  const symbol = `S${Math.floor(next() * SYMBOLS)}`;
  const accountId = accounts[Math.floor(next() * 3)]!.id;
  const key = `${accountId}:${symbol}`;
  const have = held.get(key) ?? 0;
  const quantity = 1 + Math.floor(next() * 20);
  const price = (50 + next() * 100).toFixed(2);
  const sell = have >= quantity && next() < 0.45;
  held.set(key, sell ? have - quantity : have + quantity);
  byAccount.get(accountId)!.push({
    assetType: "STOCK",
    symbol,
    transactionType: sell ? "SELL" : "BUY",
    quantity: String(quantity),
    price,
    fee: sell ? "0" : "1",
    date: new Date(start + Math.floor((span * index) / TRADES)),
    notes: null,
  });
}
for (const [accountId, trades] of byAccount) {
  const outcome = await app.deps.repos.portfolio.importTrades({
    userId,
    accountId,
    trades,
    income: [],
    now: new Date(),
    checkedAfter: null,
  });
  if (!outcome.ok) throw new Error(`seeding failed: ${JSON.stringify(outcome)}`);
}
await app.deps.background.settled();

// The taxable position with the most shares: every sale takes one, oldest lot first.
const positions = (await call("GET", `/api/portfolio?accountId=${accounts[0]!.id}`, token)) as {
  id: number;
  symbol: string;
  quantity: string;
}[];
const position = positions.reduce((a, b) => (Number(b.quantity) > Number(a.quantity) ? b : a));
console.log(
  `${TRADES} trades, ${SYMBOLS} symbols, 3 accounts; selling 1 ${position.symbol} of ${position.quantity} held, ${SALES} times`,
);
// BENCH_PROFILE: a CPU profile of the measured sales, written to that file.
// eslint-disable-next-line no-restricted-properties -- the bench's own switch
const profileFile = process.env.BENCH_PROFILE;
const session = profileFile ? new Session() : undefined;
const times: number[] = [];
const windows: [number, number][] = [];
let lots = 0;
for (let sale = 0; sale < SALES + 3; sale += 1) {
  if (sale === 3 && session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  }
  const started = performance.now();
  const from = process.hrtime.bigint() / 1000n;
  const answer = (await call("POST", `/api/portfolio/${position.id}/sell`, token, {
    quantity: "1",
    price: "120",
  })) as { realized?: unknown[] };
  if (sale >= 3) times.push(performance.now() - started);
  if (sale >= 3) windows.push([Number(from), Number(process.hrtime.bigint() / 1000n)]);
  lots = answer.realized?.length ?? 0;
  // The refresh each trade schedules runs off the request path; the next sale comes after it.
  await app.deps.background.settled();
}
if (session && profileFile) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(profileFile, JSON.stringify({ ...profile, windows }));
}
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
console.log(
  `a FIFO sale through the API (${lots} lot row${lots === 1 ? "" : "s"}): median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms (budget 50 ms)`,
);
await app.close();
