import type { InvestmentAccount, LotTradeRow } from "@ledgerline/db";
import type { AppDeps } from "../platform/scope";
import { sortInTurns, Turns } from "../platform/turns";
import {
  bookSteps,
  byAccountAndAcquisition,
  inReplayOrder,
  type LotAccount,
  type LotBook,
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
  /** The replay's state, which a sale written after every row can continue (sale-lots.ts). */
  book: LotBook;
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
  /** The lots once replayed: what a sale takes its symbol's from without waiting. */
  settled?: KeptLots;
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
  const lotAccounts = lotAccountsOf(accounts);
  const accountsKey = accountsKeyOf(lotAccounts);
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
    lots: replayChanged(deps, userId, accounts, lotAccounts, earlier, accountsKey),
  };
  if (version === null) return fresh.lots;
  fresh.lots.then(
    (lots) => (fresh.settled = lots),
    () => mine.get(userId) === fresh && mine.delete(userId),
  );
  remember(mine, userId, fresh);
  return fresh.lots;
}

function remember<T>(mine: Map<number, T>, userId: number, entry: T) {
  mine.delete(userId);
  mine.set(userId, entry);
  while (mine.size > KEPT_USERS) mine.delete(mine.keys().next().value!);
}

/** What the replay reads of the accounts: their ids, types and methods. */
export const lotAccountsOf = (accounts: readonly InvestmentAccount[]): LotAccount[] =>
  accounts.map(({ id, type, costBasisMethod }) => ({ id, type, costBasisMethod }));

/** The accounts as a key: a change of type or method replays every symbol. */
export const accountsKeyOf = (accounts: readonly LotAccount[]) => JSON.stringify(accounts);

/**
 * Symbols replayed for sales (sale-lots.ts), per user at one version of their trades: replayed
 * alone when the whole lots are not kept, then continued by each sale written after them.
 */
interface KeptForSales {
  version: number;
  accounts: string;
  symbols: Map<string, SymbolLots>;
}

const keptForSales = new WeakMap<AppDeps, Map<number, KeptForSales>>();

/** Symbols kept per user for sales: the few a person is selling now. */
const SALE_SYMBOLS = 4;

/**
 * One symbol's kept lots (`<asset type>:<symbol>`) at this version of the user's trades and
 * these accounts, from the whole lots once replayed or from a sale's; undefined when neither.
 */
export function keptSymbol(
  deps: AppDeps,
  userId: number,
  at: { version: number; accounts: string },
  symbol: string,
): SymbolLots | undefined {
  const whole = kept.get(deps)?.get(userId);
  if (whole?.settled && whole.version === at.version && whole.accounts === at.accounts) {
    const found = whole.settled.symbols.get(symbol);
    if (found) return found;
  }
  const forSales = keptForSales.get(deps)?.get(userId);
  if (forSales?.version !== at.version || forSales.accounts !== at.accounts) return undefined;
  return forSales.symbols.get(symbol);
}

/** Keeps one symbol's lots for the next sale; those of an older version of the trades go. */
export function keepSymbol(
  deps: AppDeps,
  userId: number,
  at: { version: number; accounts: string },
  symbol: string,
  lots: SymbolLots,
): void {
  const mine = keptForSales.get(deps) ?? new Map<number, KeptForSales>();
  keptForSales.set(deps, mine);
  let entry = mine.get(userId);
  // A replay that read an older version finishing late does not replace a newer one.
  if (entry && entry.version > at.version) return;
  if (entry?.version !== at.version || entry.accounts !== at.accounts) {
    entry = { ...at, symbols: new Map() };
  }
  entry.symbols.delete(symbol);
  entry.symbols.set(symbol, lots);
  while (entry.symbols.size > SALE_SYMBOLS)
    entry.symbols.delete(entry.symbols.keys().next().value!);
  remember(mine, userId, entry);
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
  accountsKey: string,
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
    // A symbol a sale continued since (sale-lots.ts) has those rows already replayed.
    const last = previous?.get(symbol);
    const continued = keptForSales.get(deps)?.get(userId);
    const sold = continued?.accounts === accountsKey ? continued.symbols.get(symbol) : undefined;
    const same = await firstWithRows([last, sold], read, turns);
    symbols.set(symbol, same ?? (await replaySymbol(lotAccounts, read, turns)));
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
  const steps = bookSteps(accounts, events);
  let step = steps.next();
  for (; !step.done; step = steps.next()) if (turns.due()) await turns.next();
  return { rows, events, replay: step.value.view(), book: step.value };
}

/** The same in one go: one symbol's rows for a sale (hundreds, not the whole log). */
export function symbolReplay(accounts: readonly LotAccount[], rows: LotTradeRow[]): SymbolLots {
  const events = rows.map(lotEventOf).sort(inReplayOrder);
  const steps = bookSteps(accounts, events);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return { rows, events, replay: step.value.view(), book: step.value };
}

async function firstWithRows(
  candidates: readonly (SymbolLots | undefined)[],
  rows: readonly LotTradeRow[],
  turns: Turns,
): Promise<SymbolLots | undefined> {
  for (const candidate of candidates) {
    if (candidate && (await sameRows(candidate.rows, rows, turns))) return candidate;
  }
  return undefined;
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
