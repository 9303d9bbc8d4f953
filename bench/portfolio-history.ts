/**
 * Portfolio reads on a long history (issue 15): a user with 100,000 trades over 5 years across
 * 200 symbols, written straight into the transactions table. Times the value history of each
 * range, the performance of each range and the summary, through the services the procedures
 * call, and prints the median and p99 of each, its median CPU time and the longest the event loop
 * waited on one. Budget: median < 50 ms, p99 < 150 ms, no block over 50 ms. Reads come
 * from the daily holdings snapshots: their first build is timed apart, and so is one more trade
 * back-dated a year (its commit, then the background work it starts as the trade procedures do:
 * the recompute from its day until reads are current again and what follows it; then the first
 * reads of the returns). "holdings ALL moved" reads each holding's returns with every price moved
 * since the read before.
 * With [accounts] > 1 the trades are spread round-robin over that many investment accounts of
 * the user (issue 31), each holding its own positions, and the last account's reads are timed
 * too ("acct"): its first read (the replay of its trades) apart, then each range.
 * With `restart` after them, only the account's reads, in a second app started on the same
 * database once the snapshots are built: its first read is the first after a process start (no
 * daily bars, trades or replays in memory yet), as a person's first filter click after a deploy.
 * Usage: tsx portfolio-history.ts [trades] [runs] [accounts] [restart]
 * BENCH_PROFILE=<file>: a CPU profile of the account's reads, with each label's window (its first
 * read apart, "<label> (first)") in the profile's microseconds, to split it by; with
 * BENCH_READS=insights, of the insights reads (issue 33) instead, the others skipped.
 * BENCH_CASH_TRACKED=1 makes the default account track its cash (its balance sums its trades).
 * The insights' "requoted" reads each follow a held symbol's quote stored again (its refresh).
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { performanceRanges, portfolioHistoryRanges } from "@ledgerline/contracts";
import { changes } from "@ledgerline/db";
import { multiply } from "@ledgerline/money";
import { heavyPositionRows, heavySymbols, heavyTradeRows } from "./support/heavy-trades";
import { buildApp } from "@ledgerline/server/app";
import { parseEnv } from "@ledgerline/server/env";
import {
  accountHoldings,
  holdingsPerformance,
} from "@ledgerline/api/accounting/holding-performance";
import { incomePaid } from "@ledgerline/api/accounting/income";
import { startOf } from "@ledgerline/api/accounting/period-start";
import { portfolioPerformance } from "@ledgerline/api/accounting/performance";
import { applyCorporateActions } from "@ledgerline/api/accounting/corporate-actions";
import {
  currentState,
  firstTradeDay,
  refreshSnapshots,
  scheduleSnapshotRefresh,
} from "@ledgerline/api/accounting/portfolio-snapshots";
import {
  currentPrices,
  portfolioHistory,
  portfolioSummary,
} from "@ledgerline/api/accounting/portfolio-summary";
import { utcDay } from "@ledgerline/api/accounting/portfolio-valuation";
import { storedHoldingReturns } from "@ledgerline/api/accounting/stored-holding-returns";
import type { UserScope } from "@ledgerline/api/platform/scope";
import { incomeCalendarOf, incomeForecastOf } from "@ledgerline/api/accounting/income-forecast";
import { allocationOf } from "@ledgerline/api/insights/allocation";
import { monthlyReturnsFor } from "@ledgerline/api/insights/monthly-returns";
import { rebalanceOf } from "@ledgerline/api/insights/rebalance";
import { portfolioRiskOf } from "@ledgerline/api/insights/risk";

const trades = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 5);
const accountCount = Number(process.argv[4] ?? 1);
const restart = process.argv[5] === "restart";
// eslint-disable-next-line no-restricted-properties -- the bench's own switches
const { BENCH_READS, BENCH_CASH_TRACKED } = process.env;
const insightsOnly = BENCH_READS === "insights";
const MARKET_TIME = "2026-03-11T15:00:00Z";
const dir = mkdtempSync(join(tmpdir(), "ledgerline-bench-"));
const env = parseEnv({
  NODE_ENV: "production",
  DATABASE_URL: join(dir, "app.db"),
  LOG_LEVEL: "silent",
  DEMO_SEED: "false",
  MARKET_TIME,
});
const startApp = () => buildApp({ env, logger: false, webRoot: false, marketRefresher: false });
const app = await startApp();
const user = (await app.deps.repos.users.create(
  { email: "heavy@bench.test", name: "Heavy Trader", passwordHash: "x", isAdmin: false },
  new Date(),
))!;
const accountIds = [(await app.deps.repos.investmentAccounts.findDefault(user.id))!.id];
if (BENCH_CASH_TRACKED === "1") {
  const tracked = await app.deps.repos.investmentAccounts.update(user.id, accountIds[0]!, {
    cashTracked: true,
  });
  if (!tracked.ok) throw new Error(`cash tracking: ${tracked.reason}`);
}
for (let n = 2; n <= accountCount; n++) {
  const created = await app.deps.repos.investmentAccounts.create(
    user.id,
    {
      name: `Account ${n}`,
      type: "taxable",
      institution: null,
      cashTracked: false,
      costBasisMethod: "fifo",
    },
    { now: new Date(), limit: accountCount },
  );
  if (!created.ok) throw new Error(`account ${n}: ${created.reason}`);
  accountIds.push(created.account.id);
}
const symbols = heavySymbols();
const end = Date.parse(MARKET_TIME) - 86_400_000;
const rows = heavyTradeRows({ userId: user.id, accountIds, trades, end });
const seeded = performance.now();
const { transactions } = app.database.tables;
await app.database.transaction(function* (tx) {
  for (let start = 0; start < rows.length; start += 1000) {
    yield* changes(tx.insert(transactions).values(rows.slice(start, start + 1000)));
  }
});
await app.database.transaction(function* (tx) {
  yield* changes(tx.insert(app.database.tables.positions).values(heavyPositionRows(rows, end)));
});
console.log(
  `seeded ${trades} trades over ${accountIds.length} accounts in ${Math.round(performance.now() - seeded)} ms`,
);

const scope: UserScope = { deps: app.deps, ip: null, userAgent: null, user };
// As an import does after writing its trades: the stocks' splits are written now, not by the
// first read (whose wait for the recompute they cause would be timed as that read).
await applyCorporateActions(app.deps, user.id, { force: true });
const built = performance.now();
// A split written while the recompute it scheduled ran overtakes it (null): build again.
while (!(await refreshSnapshots(app.deps, user.id)));
console.log(`snapshots built in ${Math.round(performance.now() - built)} ms`);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
// BENCH_PROFILE (see above).
// eslint-disable-next-line no-restricted-properties -- the bench's own switch
const profileFile = process.env.BENCH_PROFILE;
const session = profileFile ? new Session() : undefined;
const windows: { label: string; from: number; to: number }[] = [];
const clock = () => Number(process.hrtime.bigint() / 1000n);
async function time(label: string, read: () => Promise<unknown>) {
  const first = clock();
  await read();
  const measured = clock();
  // The first read apart: a figure kept between reads is built by it.
  const firstMs = (measured - first) / 1000;
  windows.push({ label: `${label} (first)`, from: first, to: measured });
  const times: number[] = [];
  // How late a 1 ms timer fires: the longest stretch a read kept the event loop to itself (a
  // read that never yields to it blocks it for its whole length).
  const blocked = monitorEventLoopDelay({ resolution: 1 });
  blocked.enable();
  // CPU time too: on a shared machine the wall clock also counts the other processes' turns.
  const cpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    // Back to the event loop between reads, so each read's blocks are measured apart.
    await new Promise((resolve) => setImmediate(resolve));
    const started = performance.now();
    const used = process.cpuUsage();
    await read();
    times.push(performance.now() - started);
    const { user: inUser, system } = process.cpuUsage(used);
    cpu.push((inUser + system) / 1000);
  }
  windows.push({ label, from: measured, to: clock() });
  blocked.disable();
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const ms = (value: number, width = 6) => value.toFixed(0).padStart(width);
  console.log(
    `${label.padEnd(18)} median ${ms(percentile(times, 50))} ms   p99 ${ms(percentile(times, 99))} ms   cpu median ${ms(percentile(cpu, 50), 4)} ms   longest block ${ms(blocked.max / 1e6, 4)} ms   first ${ms(firstMs, 4)} ms`,
  );
}
const since = (from: number, to = performance.now()) => `${(to - from).toFixed(0)} ms`;
/** One read's time and the longest it kept the event loop. */
async function once(read: () => Promise<unknown>) {
  const started = performance.now();
  const blocked = monitorEventLoopDelay({ resolution: 1 });
  blocked.enable();
  await read();
  const took = since(started);
  // The delay is sampled by a timer: it fires once the read lets it.
  await new Promise((resolve) => setTimeout(resolve, 2));
  blocked.disable();
  return `${took} (longest block ${(blocked.max / 1e6).toFixed(0)} ms)`;
}
// One account's reads (issue 31): its days are its own trades replayed once per state of the
// trades and kept (account-days.ts); the first read replays, the ones after it slice.
const oneAccount = accountIds.at(-1)!;
async function accountReads(scope: UserScope) {
  await profiled(() => accountReadsTimed(scope));
}
/** `reads` under the profiler when BENCH_PROFILE asks for one. */
async function profiled(reads: () => Promise<void>) {
  if (session) {
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await session.post("Profiler.start");
  }
  // Profiled, each stretch over 30 ms that a 1 ms timer waited: a block, named by its length.
  let last = clock();
  const watch = session
    ? setInterval(() => {
        const now = clock();
        const waited = now - last;
        if (waited > 30_000) {
          windows.push({ label: `block ${(waited / 1000).toFixed(0)} ms`, from: last, to: now });
        }
        last = now;
      }, 1)
    : undefined;
  try {
    await reads();
  } finally {
    clearInterval(watch);
    if (session && profileFile) {
      const { profile } = await session.post("Profiler.stop");
      writeFileSync(profileFile, JSON.stringify({ ...profile, windows }));
    }
  }
}
async function accountReadsTimed(scope: UserScope) {
  const from = clock();
  console.log(
    `one account's first read (its replay): ${await once(() =>
      portfolioHistory(scope, { range: "ALL", benchmark: "contributions", accountId: oneAccount }),
    )}`,
  );
  windows.push({ label: "acct first read", from, to: clock() });
  for (const range of portfolioHistoryRanges) {
    await time(`acct history ${range}`, () =>
      portfolioHistory(scope, { range, benchmark: "contributions", accountId: oneAccount }),
    );
    await time(`acct history ${range} ret`, () =>
      portfolioHistory(scope, { range, benchmark: "return", accountId: oneAccount }),
    );
  }
  for (const range of performanceRanges) {
    await time(`acct performance ${range}`, () =>
      portfolioPerformance(scope, range, { accountId: oneAccount }),
    );
  }
  for (const range of performanceRanges) {
    await time(`acct holdings ${range}`, () =>
      holdingsPerformance(scope, range, { accountId: oneAccount }),
    );
  }
  // As "holdings ALL moved" below: every price moved since the read before (the kept days stand,
  // each holding's today is worked again).
  const { startDate, endDate } = await holdingsPerformance(scope, "ALL", { accountId: oneAccount });
  const [dividends, prices] = await Promise.all([
    incomePaid(scope, { from: startDate, to: endDate }, oneAccount),
    currentPrices(scope),
  ]);
  const moved = movedPrices(prices);
  await time("acct holdings ALL moved", () =>
    accountHoldings(scope, oneAccount, startDate, endDate, dividends, moved()),
  );
}
/** The prices, each read moved (within 0.3%) from the read before. */
function movedPrices(prices: Map<string, string>) {
  let tick = 0;
  return () => {
    const factor = (1 + ((tick++ % 7) - 3) / 1000).toFixed(3);
    return new Map([...prices].map(([key, price]) => [key, multiply(price, factor)]));
  };
}
if (restart) {
  await app.close();
  const started = await startApp();
  await accountReads({ ...scope, deps: started.deps });
  await started.close();
  process.exit(0);
}
for (const range of insightsOnly ? [] : portfolioHistoryRanges) {
  await time(`history ${range}`, () =>
    portfolioHistory(scope, { range, benchmark: "contributions" }),
  );
  await time(`history ${range} return`, () =>
    portfolioHistory(scope, { range, benchmark: "return" }),
  );
}
for (const range of insightsOnly ? [] : performanceRanges) {
  await time(`performance ${range}`, () => portfolioPerformance(scope, range));
}
for (const range of insightsOnly ? [] : performanceRanges) {
  await time(`holdings ${range}`, () => holdingsPerformance(scope, range));
}
if (!insightsOnly) {
  // In a trading day the prices move between reads: here every read sees every price moved
  // (within 0.3%) from the read before, so no holding's rate can be the last read's. Timed
  // through storedHoldingReturns, which holdingsPerformance calls with the current prices.
  const now = app.deps.market.clock.now();
  const today = utcDay(now);
  const startDate = startOf("ALL", now, (await firstTradeDay(scope))!);
  const [dividends, prices, state] = await Promise.all([
    incomePaid(scope, { from: startDate, to: today }),
    currentPrices(scope),
    currentState(scope),
  ]);
  const moved = movedPrices(prices);
  await time("holdings ALL moved", () =>
    storedHoldingReturns(scope, state!, startDate, today, dividends, moved()),
  );
}
if (!insightsOnly) await time("summary", () => portfolioSummary(scope));
// The insights reads (issue 33): what the portfolio is made of, where it should be, how risky.
async function insightsReads() {
  await time("monthly returns", () => monthlyReturnsFor(scope, {}));
  for (const range of performanceRanges) {
    await time(`risk ${range}`, () => portfolioRiskOf(scope, { range }));
  }
  // In market hours the refresher stores a held symbol's quote every few seconds, moving the
  // market's generation: each of these reads follows such a store.
  const requoted = (read: () => Promise<unknown>) => async () => {
    await app.deps.market.stocks.refreshSnapshots([symbols[0]!]);
    return read();
  };
  await time(
    "monthly requoted",
    requoted(() => monthlyReturnsFor(scope, {})),
  );
  for (const range of ["1Y", "ALL"] as const) {
    await time(
      `risk ${range} requoted`,
      requoted(() => portfolioRiskOf(scope, { range })),
    );
  }
  for (const by of ["sector", "symbol"] as const) {
    await time(`allocation ${by}`, () => allocationOf(scope, { by }));
  }
  // Half in technology, the rest spread evenly: every sector held drifts, so every plan trades.
  await app.deps.repos.portfolioTargets.put(
    user.id,
    "sector",
    [
      { key: "information-technology", weight: "0.5" },
      { key: "health-care", weight: "0.25" },
      { key: "financials", weight: "0.25" },
    ],
    new Date(),
  );
  await time("rebalance sector", () => rebalanceOf(scope, { by: "sector", fractional: false }));
  await time("rebalance cash", () =>
    rebalanceOf(scope, { by: "sector", fractional: false, cash: "10000" }),
  );
  // What it will pay: the next 90 days' dividends and the twelve months' forecast.
  await time("income calendar", () => incomeCalendarOf(scope, {}));
  await time("income forecast", () => incomeForecastOf(scope, {}));
}
if (insightsOnly) await profiled(insightsReads);
else await insightsReads();
if (accountIds.length > 1 && !insightsOnly) await accountReads(scope);
if (insightsOnly) {
  await app.close();
  process.exit(0);
}

const backDated = performance.now();
const traded = await app.deps.repos.portfolio.buy({
  userId: user.id,
  assetType: "STOCK",
  symbol: symbols[0]!,
  quantity: "1",
  price: "100",
  transactionDate: new Date(end - 365 * 86_400_000),
  notes: null,
  now: new Date(),
});
if (!traded.ok) throw new Error(`back-dated buy failed: ${traded.reason}`);
const committed = performance.now();
// As the trade procedures do: the recompute, and what follows it, runs in the background.
const recomputeBlocked = monitorEventLoopDelay({ resolution: 1 });
recomputeBlocked.enable();
scheduleSnapshotRefresh(app.deps, user.id);
await app.deps.background.settled();
const recomputed = performance.now();
recomputeBlocked.disable();
await portfolioHistory(scope, { range: "ALL", benchmark: "contributions" });
const historyRead = performance.now();
// The first returns reads after it work the new state's stored days through (then kept).
const nextPerformance = await once(() => portfolioPerformance(scope, "ALL"));
const nextHoldings = await once(() => holdingsPerformance(scope, "ALL"));
const nextAccount =
  accountIds.length > 1
    ? `   next account history ALL ${await once(() =>
        portfolioHistory(scope, { range: "ALL", benchmark: "return", accountId: oneAccount }),
      )}`
    : "";
console.log(
  `back-dated trade   commit ${since(backDated, committed)}   recompute ${since(committed, recomputed)} (longest block ${(recomputeBlocked.max / 1e6).toFixed(0)} ms)   next history ALL ${since(recomputed, historyRead)}   next performance ALL ${nextPerformance}   next holdings ALL ${nextHoldings}${nextAccount}`,
);
await app.close();
