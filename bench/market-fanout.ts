/**
 * Market-data fan-out: do upstream provider calls grow with users or with distinct symbols?
 *
 * Simulates 10 minutes (on a fake clock, so it runs in seconds) of users polling the way the
 * screens do (spec section 4 "Auto-refresh"): the stock dashboard every 60 s (each watched
 * stock's snapshot plus the movers), the crypto search page every 10 s (each watched coin) and
 * the portfolio summary every 60 s (each held stock and coin). The server runs the market
 * refresher over every watched or held symbol, as the API does. Once with 1 user watching the
 * union of all watchlists, once with 1,000 users whose watchlists overlap; the budget (design
 * file) is that the second costs at most 5% more upstream calls than the first.
 */
import { pathToFileURL } from "node:url";
import { createMarketService, type UpstreamCallEvent } from "@ledgerline/market";
import { createManualClock } from "@ledgerline/market/testing";

const START = new Date("2026-03-11T14:00:00Z"); // 10:00 in New York, a trading day
const STOCK_POOL = [
  "AAPL",
  "MSFT",
  "NVDA",
  "AMZN",
  "GOOGL",
  "GOOG",
  "META",
  "TSLA",
  "BRK.B",
  "JPM",
  "V",
  "MA",
  "JNJ",
  "WMT",
  "PG",
  "XOM",
  "UNH",
  "HD",
  "KO",
  "PEP",
  "DIS",
  "NFLX",
  "INTC",
  "AMD",
  "CSCO",
  "ORCL",
  "IBM",
  "NKE",
  "MCD",
  "BA",
  "COST",
  "CRM",
  "ADBE",
  "PFE",
  "CVX",
  "BAC",
  "ABBV",
  "AVGO",
  "LLY",
  "MRK",
  "TMO",
  "ABT",
  "QCOM",
  "TXN",
  "HON",
  "UPS",
  "CAT",
  "GS",
  "MS",
  "SBUX",
  "LOW",
  "INTU",
  "AMGN",
  "GE",
  "F",
  "GM",
  "T",
  "VZ",
  "PYPL",
  "UBER",
];
const CRYPTO_POOL = ["BTC", "ETH", "SOL", "XRP", "ADA", "DOGE", "AVAX", "LINK", "SHIB", "PEPE"];

interface User {
  stocks: string[];
  holdings: string[];
  crypto: string[];
  cryptoHoldings: string[];
}

/** mulberry32: a tiny seeded generator, so every run simulates the same users. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Popular symbols are watched by many users (a Zipf-like skew), every pool symbol by someone. */
function pickSkewed(
  pool: readonly string[],
  count: number,
  random: () => number,
  mustInclude: string,
): string[] {
  const chosen = new Set([mustInclude]);
  while (chosen.size < count) chosen.add(pool[Math.floor(pool.length * random() ** 2)]!);
  return [...chosen];
}

function makeUsers(count: number): User[] {
  const random = generator(2026);
  return Array.from({ length: count }, (_, i) => {
    const stocks = pickSkewed(
      STOCK_POOL,
      5 + Math.floor(random() * 11),
      random,
      STOCK_POOL[i % STOCK_POOL.length]!,
    );
    const crypto = pickSkewed(
      CRYPTO_POOL,
      2 + Math.floor(random() * 4),
      random,
      CRYPTO_POOL[i % CRYPTO_POOL.length]!,
    );
    return { stocks, holdings: stocks.slice(0, 3), crypto, cryptoHoldings: crypto.slice(0, 2) };
  });
}

function union(users: readonly User[], pick: (user: User) => string[]): string[] {
  return [...new Set(users.flatMap(pick))].sort();
}

export interface FanoutResult {
  users: number;
  polls: number;
  upstreamCalls: number;
  byOperation: Record<string, number>;
  /** What the same polls would cost if each went straight to the provider. */
  directCalls: number;
}

export async function simulateFanout(
  users: readonly User[],
  minutes: number,
): Promise<FanoutResult> {
  const clock = createManualClock(START);
  const calls: UpstreamCallEvent[] = [];
  const market = createMarketService({ clock, onUpstreamCall: (event) => calls.push(event) });
  const watched = {
    stocks: union(users, (user) => [...user.stocks, ...user.holdings]),
    crypto: union(users, (user) => [...user.crypto, ...user.cryptoHoldings]),
  };
  const refresher = market.createRefresher({ watched: () => watched });
  refresher.start();

  let polls = 0;
  let directCalls = 0;
  const random = generator(7);
  const every = (periodMs: number, poll: () => Promise<unknown>, direct: number) => {
    const run = () => {
      polls += 1;
      directCalls += direct;
      poll().catch(() => undefined);
      clock.setTimeout(run, periodMs);
    };
    // Users open their screens at random moments, not in lockstep.
    clock.setTimeout(run, Math.floor(random() * periodMs));
  };
  for (const user of users) {
    every(
      60_000,
      () => Promise.all([market.stocks.getSnapshots(user.stocks), market.stocks.getMarketMovers()]),
      1 + 2,
    );
    every(10_000, () => market.crypto.getQuotes(user.crypto), 2 * user.crypto.length);
    every(
      60_000,
      () =>
        Promise.all([
          market.stocks.getSnapshots(user.holdings),
          market.crypto.getQuotes(user.cryptoHoldings),
        ]),
      1 + 2 * user.cryptoHoldings.length,
    );
  }

  await clock.advance(minutes * 60_000);
  await refresher.stop();

  const byOperation: Record<string, number> = {};
  for (const call of calls) byOperation[call.operation] = (byOperation[call.operation] ?? 0) + 1;
  return { users: users.length, polls, upstreamCalls: calls.length, byOperation, directCalls };
}

export async function runFanoutBenchmark(options: { users?: number; minutes?: number } = {}) {
  const userCount = options.users ?? 1000;
  const minutes = options.minutes ?? 10;
  const many = makeUsers(userCount);
  const one: User = {
    stocks: union(many, (user) => user.stocks),
    holdings: union(many, (user) => user.holdings),
    crypto: union(many, (user) => user.crypto),
    cryptoHoldings: union(many, (user) => user.cryptoHoldings),
  };
  const single = await simulateFanout([one], minutes);
  const crowd = await simulateFanout(many, minutes);
  return {
    minutes,
    single,
    crowd,
    ratio: crowd.upstreamCalls / single.upstreamCalls,
    stocks: one.stocks.length,
    crypto: one.crypto.length,
  };
}

function describe(result: FanoutResult): string {
  const operations = Object.entries(result.byOperation)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, count]) => `${operation} ${count}`)
    .join(", ");
  return `${String(result.users).padStart(5)} user(s): ${String(result.polls).padStart(7)} polls -> ${String(result.upstreamCalls).padStart(5)} upstream calls (${operations})`;
}

async function main(): Promise<void> {
  const started = performance.now();
  const { minutes, single, crowd, ratio, stocks, crypto } = await runFanoutBenchmark();
  console.log(
    `Market-data fan-out: ${minutes} simulated minutes, simulated market, ${stocks} stocks and ${crypto} coins watched`,
  );
  console.log(describe(single));
  console.log(describe(crowd));
  console.log(
    `ratio (1,000 users / 1 user): ${ratio.toFixed(3)}  budget <= 1.05  ${ratio <= 1.05 ? "within budget" : "OVER BUDGET"}`,
  );
  console.log(
    `without the shared cache and refresher the 1,000 users' polls would cost ${crowd.directCalls} upstream calls`,
  );
  console.log(`(ran in ${((performance.now() - started) / 1000).toFixed(1)} s of real time)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
