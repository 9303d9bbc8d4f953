import type { InvestmentAccount, LotTradeRow } from "@ledgerline/db";
import type { AppDeps } from "../platform/scope";
import { sortInTurns, Turns } from "../platform/turns";
import {
  byAccountAndAcquisition,
  inReplayOrder,
  replaySteps,
  type LotAccount,
  type LotEvent,
  type LotReplay,
  type LotSaleState,
} from "./lot-engine";
import { lotEventOf } from "./lot-events";

/**
 * A person's lots of every symbol, kept per state of their trades (issue 32's reports at 100,000
 * trades). Lots of one symbol never touch another's: wash sales, splits and transfers are each
 * within one asset type's symbol. So the log is replayed symbol by symbol; the replays are kept
 * under the snapshots' version (every trade, split row and move between accounts bumps it in its
 * own transaction) and the accounts' types and methods. A read at the same key replays nothing;
 * after a trade only the symbols whose events differ are replayed again. Every loop hands the
 * event loop over by time (decision 0029): the first replay of 100,000 trades is seconds of CPU.
 */

export interface SymbolLots {
  /** The symbol's rows as read (what tells whether it changed) and events, in replay order. */
  rows: LotTradeRow[];
  events: LotEvent[];
  replay: LotReplay;
}

export interface KeptLots {
  accounts: InvestmentAccount[];
  /** By `<asset type>:<symbol>`. */
  symbols: Map<string, SymbolLots>;
  /** Every symbol's replay as one. */
  replay: LotReplay;
  /** The lot sales of a year (sold in it), every account's. */
  salesOf(year: number): readonly LotSaleState[];
  /** The years with a lot sale, in any account. */
  years: number[];
  /**
   * An answer worked out from these lots once (a year's report): kept with them, so it is made
   * again only after a trade. Not to be changed by its readers.
   */
  answer<T>(key: string, make: () => Promise<T>): Promise<T>;
}

interface Kept {
  /** The snapshots' version. */
  version: number | null;
  /** The accounts' ids, types and methods: a change replays every symbol. */
  accounts: string;
  lots: Promise<KeptLots>;
}

/** Users kept per process (a heavy trader's lots are tens of MB); the least recently read go. */
const KEPT_USERS = 8;

const kept = new WeakMap<AppDeps, Map<number, Kept>>();

/** The user's lots of every account and symbol, replayed only where the log changed. */
export async function keptLots(deps: AppDeps, userId: number): Promise<KeptLots> {
  const { repos } = deps;
  const [accounts, state] = await Promise.all([
    repos.investmentAccounts.list(userId),
    repos.snapshots.state(userId),
  ]);
  const lotAccounts = accounts.map(({ id, type, costBasisMethod }) => ({
    id,
    type,
    costBasisMethod,
  }));
  const accountsKey = JSON.stringify(lotAccounts);
  const version = state?.version ?? null;
  const mine = kept.get(deps) ?? new Map<number, Kept>();
  kept.set(deps, mine);
  const found = mine.get(userId);
  const sameAccounts = found?.accounts === accountsKey;
  // Without a state no trade was written through the repositories: nothing to key on.
  if (version !== null && sameAccounts && found?.version === version) {
    remember(mine, userId, found);
    return found.lots;
  }
  const earlier = sameAccounts ? found?.lots.catch(() => null) : undefined;
  const fresh: Kept = {
    version,
    accounts: accountsKey,
    lots: replayChanged(deps, userId, accounts, lotAccounts, earlier),
  };
  if (version === null) return fresh.lots;
  fresh.lots.catch(() => mine.get(userId) === fresh && mine.delete(userId));
  remember(mine, userId, fresh);
  return fresh.lots;
}

function remember(mine: Map<number, Kept>, userId: number, entry: Kept) {
  mine.delete(userId);
  mine.set(userId, entry);
  while (mine.size > KEPT_USERS) mine.delete(mine.keys().next().value!);
}

/**
 * After a trade (off the request path): the users whose lots were read before are replayed
 * again now, so the next report does not wait for it.
 */
export async function replayKeptLots(deps: AppDeps, userId: number): Promise<void> {
  if (kept.get(deps)?.has(userId)) await keptLots(deps, userId);
}

async function replayChanged(
  deps: AppDeps,
  userId: number,
  accounts: InvestmentAccount[],
  lotAccounts: readonly LotAccount[],
  earlier: Promise<KeptLots | null> | undefined,
): Promise<KeptLots> {
  const turns = new Turns();
  const rows = await deps.repos.portfolio.lotTrades(userId);
  const grouped = new Map<string, LotTradeRow[]>();
  for (const row of rows) {
    const symbol = `${row.type}:${row.symbol}`;
    const list = grouped.get(symbol);
    if (list) list.push(row);
    else grouped.set(symbol, [row]);
    if (turns.due()) await turns.next();
  }
  const previous = (await earlier)?.symbols;
  const symbols = new Map<string, SymbolLots>();
  for (const [symbol, read] of grouped) {
    const last = previous?.get(symbol);
    if (last && (await sameRows(last.rows, read, turns))) {
      symbols.set(symbol, last);
      continue;
    }
    symbols.set(symbol, await replaySymbol(lotAccounts, read, turns));
  }
  const replay = await joined([...symbols.values()], turns);
  const byYear = new Map<number, LotSaleState[]>();
  for (const sale of replay.sales) {
    const year = Number(sale.soldAt.slice(0, 4));
    const list = byYear.get(year);
    if (list) list.push(sale);
    else byYear.set(year, [sale]);
    if (turns.due()) await turns.next();
  }
  const answers = new Map<string, Promise<unknown>>();
  return {
    accounts,
    symbols,
    replay,
    salesOf: (year) => byYear.get(year) ?? [],
    years: [...byYear.keys()],
    answer<T>(key: string, make: () => Promise<T>) {
      let found = answers.get(key) as Promise<T> | undefined;
      if (!found) {
        found = make();
        answers.set(key, found);
        found.catch(() => answers.delete(key));
      }
      return found;
    },
  };
}

async function replaySymbol(
  accounts: readonly LotAccount[],
  rows: LotTradeRow[],
  turns: Turns,
): Promise<SymbolLots> {
  const read: LotEvent[] = [];
  for (const row of rows) {
    read.push(lotEventOf(row));
    if (turns.due()) await turns.next();
  }
  const events = await sortInTurns(read, inReplayOrder, turns);
  const steps = replaySteps(accounts, events);
  let step = steps.next();
  for (; !step.done; step = steps.next()) if (turns.due()) await turns.next();
  return { rows, events, replay: step.value };
}

async function sameRows(a: readonly LotTradeRow[], b: readonly LotTradeRow[], turns: Turns) {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index += 1) {
    if (!sameRow(a[index]!, b[index]!)) return false;
    if (turns.due()) await turns.next();
  }
  return true;
}

/** Whether two rows replay alike (every column the lot engine reads). */
function sameRow(a: LotTradeRow, b: LotTradeRow): boolean {
  return (
    a.id === b.id &&
    a.accountId === b.accountId &&
    a.transactionDate.getTime() === b.transactionDate.getTime() &&
    a.transactionType === b.transactionType &&
    a.quantity === b.quantity &&
    a.price === b.price &&
    a.fee === b.fee &&
    a.total === b.total &&
    a.pairedId === b.pairedId &&
    JSON.stringify(a.lotSelections) === JSON.stringify(b.lotSelections)
  );
}

/**
 * Every symbol's replay as one: sales grouped by symbol, each symbol's in replay order (readers
 * sort them by date); lots by account then acquisition, as one replay lists them.
 */
async function joined(parts: readonly SymbolLots[], turns: Turns): Promise<LotReplay> {
  const sales: LotSaleState[] = [];
  const unmetSelections: number[] = [];
  for (const { replay } of parts) {
    for (const sale of replay.sales) sales.push(sale);
    unmetSelections.push(...replay.unmetSelections);
    if (turns.due()) await turns.next();
  }
  return {
    sales,
    unmetSelections,
    allLots: () => parts.flatMap(({ replay }) => replay.allLots()),
    everyLot: () => parts.flatMap(({ replay }) => replay.everyLot()),
    openLots: (filter = {}) =>
      parts
        .filter(({ events }) => filter.symbol === undefined || events[0]?.symbol === filter.symbol)
        .flatMap(({ replay }) => replay.openLots(filter))
        .sort(byAccountAndAcquisition),
  };
}
