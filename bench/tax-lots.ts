/**
 * Tax lots (issue 32): 100,000 trades over 200 symbols and 3 accounts, replayed by the lot
 * engine. Figures, each the median (and p95) of runs after 3 warm-ups:
 * - a FIFO sale: the replay one sell needed (the symbol's ~500 trades in every account: wash
 *   sales look across them) and its lot rows; and what a sell does now, its symbol's kept
 *   replay copied and continued by the sale (tax/sale-lots.ts);
 * - a tax report for one year: the replay of all 100,000 trades and the year's lot sales as text
 *   (what every report read cost before the lots were kept);
 * - the same report from the kept lots (kept-lots.ts): the first after a start (every row made
 *   text), and as a person meets it, read after one more sale was written; and the kept lots
 *   brought up to date after that sale (off the request path: grouping, comparing, one symbol
 *   replayed).
 * The engine's work only: the rows come from memory, not the database. Budget: 50 ms median.
 */
import type { AppDeps } from "@ledgerline/api/platform/scope";
import { keptLots } from "@ledgerline/api/tax/kept-lots";
import { replayLots, saleView, type LotEvent } from "@ledgerline/api/tax/lot-engine";
import { lotEventOf } from "@ledgerline/api/tax/lot-events";
import type { InvestmentAccount, LotTradeRow } from "@ledgerline/db";

const TRADES = 100_000;
const SYMBOLS = 200;
const ACCOUNTS = [
  { id: 1, type: "taxable" as const, costBasisMethod: "fifo" as const },
  { id: 2, type: "taxable" as const, costBasisMethod: "fifo" as const },
  { id: 3, type: "ira" as const, costBasisMethod: "fifo" as const },
];

/** A deterministic generator (mulberry32), so every run replays the same log. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tradeLog(): LotEvent[] {
  const next = random(32);
  const held = new Map<string, number>();
  const events: LotEvent[] = [];
  const start = Date.parse("2020-01-02T15:00:00Z");
  const span = Date.parse("2026-11-27T15:00:00Z") - start;
  for (let id = 1; id <= TRADES; id += 1) {
    const at = start + Math.floor((span * id) / TRADES);
    const symbol = `S${Math.floor(next() * SYMBOLS)}`;
    const accountId = 1 + Math.floor(next() * 3);
    const key = `${accountId}:${symbol}`;
    const have = held.get(key) ?? 0;
    const quantity = 1 + Math.floor(next() * 20);
    const price = (50 + next() * 100).toFixed(2);
    const base = {
      id,
      accountId,
      assetType: "STOCK" as const,
      symbol,
      at,
      date: new Date(at).toISOString().slice(0, 10),
    };
    if (have >= quantity && next() < 0.45) {
      held.set(key, have - quantity);
      events.push({
        ...base,
        kind: "sell",
        quantity: String(quantity),
        proceeds: (quantity * Number(price)).toFixed(2),
      });
    } else {
      held.set(key, have + quantity);
      events.push({
        ...base,
        kind: "buy",
        quantity: String(quantity),
        cost: (quantity * Number(price) + 1).toFixed(2),
      });
    }
  }
  return events;
}

/** Median and p95 of `work` after 3 warm-ups (none for a single run), `before` untimed. */
async function measure(
  label: string,
  runs: number,
  work: () => unknown,
  before: () => unknown = () => undefined,
) {
  for (let i = 0; i < (runs > 1 ? 3 : 0); i += 1) {
    await before();
    await work();
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await before();
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const p95 = times[Math.floor(times.length * 0.95)]!;
  console.log(`${label}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget 50 ms)`);
}

/** The log as the database gives it: a buy's price is its cost less the fee of 1, a share. */
function rowOf(event: LotEvent): LotTradeRow {
  const amount =
    event.kind === "buy"
      ? Number(event.cost) - 1
      : Number((event as { proceeds: string }).proceeds);
  return {
    id: event.id,
    accountId: event.accountId,
    transactionDate: new Date(event.at),
    type: event.assetType,
    symbol: event.symbol,
    transactionType: event.kind === "buy" ? "BUY" : "SELL",
    quantity: (event as { quantity: string }).quantity,
    price: (amount / Number((event as { quantity: string }).quantity)).toFixed(8),
    fee: event.kind === "buy" ? "1" : "0",
    total: "0",
    pairedId: null,
    lotSelections: null,
  };
}

const rows = tradeLog().map(rowOf);
const log = rows.map(lotEventOf);
const sells = log.filter((event) => event.kind === "sell");
const sale = sells[sells.length - 1]!;
const oneSymbol = log.filter((event) => event.symbol === sale.symbol);
console.log(
  `${log.length} trades (${sells.length} sells), ${SYMBOLS} symbols, ${ACCOUNTS.length} accounts; ${sale.symbol} has ${oneSymbol.length}`,
);

const year = (sales: ReturnType<typeof replayLots>["sales"]) =>
  sales.filter((row) => row.soldAt.startsWith("2025-")).map(saleView);

await measure("a FIFO sale (one symbol's replay, its lot rows)", 30, () =>
  replayLots(ACCOUNTS, oneSymbol)
    .sales.filter((row) => row.saleId === sale.id)
    .map(saleView),
);
if (!process.argv.includes("--kept-only")) {
  await measure("a tax report for 2025 (every trade replayed, the year's rows)", 5, () =>
    year(replayLots(ACCOUNTS, log).sales),
  );
}

const state = { version: 1 };
const deps = {
  repos: {
    investmentAccounts: { list: () => Promise.resolve(ACCOUNTS as unknown as InvestmentAccount[]) },
    snapshots: { state: () => Promise.resolve({ ...state }) },
    portfolio: { lotTrades: () => Promise.resolve(rows) },
  },
} as unknown as AppDeps;
const started = performance.now();
await keptLots(deps, 1);
console.log(`lots kept: the first replay ${(performance.now() - started).toFixed(0)} ms, in turns`);
const report = async () => (await keptLots(deps, 1)).salesOf(2025).map(saleView);
await measure("the first tax report for 2025 after a start (every row made text)", 1, report);
let nextId = rows.length + 1;
// What a person meets: a sale written, its kept lots brought up to date off the request path
// (measured below), then the report read. Only the sold symbol's rows are new text.
const oneMoreSale = async () => {
  rows.push(rowOf({ ...sale, id: nextId++, at: sale.at + nextId, quantity: "1" }));
  state.version += 1;
  await keptLots(deps, 1);
};
await measure(
  "a tax report for 2025 after one more sale (its rows as text)",
  30,
  report,
  oneMoreSale,
);
// What a sell does now (tax/sale-lots.ts): its symbol's kept replay copied and continued by it.
const keptSymbol = (await keptLots(deps, 1)).symbols.get(`STOCK:${sale.symbol}`)!;
const lastAt = keptSymbol.events.at(-1)!.at;
await measure("a FIFO sale continuing its symbol's kept replay (its lot rows)", 30, () => {
  const next = { ...sale, id: nextId, at: lastAt + 1, quantity: "1", proceeds: "120" };
  return keptSymbol.book
    .withSale(next)!
    .view()
    .sales.filter((row) => row.saleId === next.id)
    .map(saleView);
});
await measure("the kept lots after one more FIFO sale (off the request path)", 10, oneMoreSale);
