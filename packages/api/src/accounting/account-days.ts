import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { AssetType, HoldingSnapshot, PaidIncome, Trade } from "@ledgerline/db";
import { sum, type Decimal } from "@ledgerline/money";
import {
  addDays,
  closeSeriesInTurns,
  keyOf,
  NOTHING_HELD,
  snapshotOf,
  TradeLedger,
  tradeDay,
  utcDay,
  type CloseSeries,
  type Valuation,
  type ValuedDay,
} from "./portfolio-valuation";
import {
  closePeriod,
  openPeriod,
  type OpenPeriod,
  type PeriodDay,
  type PeriodReturns,
} from "./period-returns";
import { withHoldingMoves } from "./account-flows";
import { HeldUnits } from "./held-units";
import { Turns } from "../platform/turns";
import type { AppDeps } from "../platform/scope";

/**
 * One investment account's value at each day's close (issue 31). The stored daily snapshots are
 * the user's whole (decision 0031), so an account's days are its own trades replayed against the
 * daily bars, as valueByDay does. Over five years of a third of 100,000 trades that replay is
 * hundreds of milliseconds: it is done once per state of the user's trades (every trade, split
 * row or move between accounts bumps the snapshots' version in its own transaction) and day, in
 * slices that hand the event loop over (decision 0029), and kept; a read slices the kept days
 * and values only today, at the current prices.
 */

/** The replay of an account's trades through yesterday, and what today adds to it. */
interface AccountReplay {
  /** The account's trades, oldest first, and each one's day. */
  trades: Trade[];
  tradeDays: string[];
  /** Each holding as each of its trade days left it (closed ones too), oldest first. */
  holdingDays: Map<string, HoldingSnapshot[]>;
  /** From the account's first trade day through yesterday; empty without trades before today. */
  days: ValuedDay[];
  firstDay: string | null;
  /** After every trade (today's and any stamped later): what today's close values. */
  ledger: TradeLedger;
  todayFlow: Decimal;
  todayRealized: Decimal;
  /** Of today's flow, the holdings transferred in or out (ValuedDay's `moved`). */
  todayMoved: Decimal[];
  series: Map<string, CloseSeries>;
  /** The returns' periods worked through yesterday, by start and dividends paid (a few). */
  periods: Map<string, OpenPeriod>;
  /** Symbols without daily history, with their trades (to tell which a range involves). */
  unpriced: Map<string, { type: AssetType; symbol: string; trades: Trade[] }>;
  /** What reads worked out from this replay (keptWithReplay), by their key; a few. */
  worked: Map<string, Promise<unknown>>;
}

interface Kept {
  key: string;
  replay: Promise<AccountReplay>;
}

/** Accounts kept (a user's count apart); the least recently read go first. */
const KEPT_ACCOUNTS = 64;

const kept = new WeakMap<AppDeps, Map<string, Kept>>();

/**
 * The account's value at each day's close from `from` to `today` (today at `currentPrices`, keyed
 * by keyOf, or its last close), as valueByDay answers for the account's trades.
 */
export async function accountValueByDay(
  deps: AppDeps,
  userId: number,
  accountId: number,
  from: string,
  today: string,
  currentPrices: Map<string, Decimal>,
): Promise<Valuation> {
  const replay = await keptReplay(deps, userId, accountId, today);
  const yesterday = addDays(today, -1);
  const days: ValuedDay[] = [];
  // Days before the account's first trade held nothing.
  const replayFrom = replay.firstDay ?? today;
  for (let day = from; day < replayFrom && day <= yesterday; day = addDays(day, 1)) {
    days.push(emptyDay(day));
  }
  if (replay.firstDay !== null) {
    const offset = Math.max(0, dayIndex(replay.firstDay, from));
    for (let index = offset; index < replay.days.length; index += 1) {
      days.push(replay.days[index]!);
    }
  }
  if (from <= today) {
    const value = replay.ledger.value(
      (key) => currentPrices.get(key) ?? replay.series.get(key)?.on(today),
    );
    days.push({
      date: today,
      ...value,
      flow: replay.todayFlow,
      realized: replay.todayRealized,
      ...movedOf(replay.todayMoved),
    });
  }
  return { days, unpricedSymbols: unpricedIn(replay, from) };
}

/** Periods kept per account and state. */
const KEPT_PERIODS = 8;

/**
 * The account's returns from the close of `startDate` to today (at `currentPrices`), with its own
 * `dividends` paid out of it: periodReturns over its days, the part through yesterday kept while
 * the state of its trades, the period and the dividends stand (as kept-periods.ts does for the
 * user's whole).
 */
export async function accountPeriodReturns(
  deps: AppDeps,
  userId: number,
  accountId: number,
  startDate: string,
  today: string,
  currentPrices: Map<string, Decimal>,
  dividends: readonly PaidIncome[],
): Promise<{ first: ValuedDay | undefined; last: ValuedDay | undefined; returns: PeriodReturns }> {
  const replay = await keptReplay(deps, userId, accountId, today);
  const { days } = await accountValueByDay(
    deps,
    userId,
    accountId,
    startDate,
    today,
    currentPrices,
  );
  const asPeriodDay = (day: ValuedDay): PeriodDay => ({ ...day, value: day.totalValue });
  const last = days.at(-1);
  const key = `${startDate}:${JSON.stringify(dividends)}`;
  let open = replay.periods.get(key);
  if (!open) {
    await yieldToEventLoop();
    open = openPeriod(days.slice(0, -1).map(asPeriodDay), dividends, last?.date ?? "");
  }
  replay.periods.delete(key);
  replay.periods.set(key, open);
  while (replay.periods.size > KEPT_PERIODS) {
    replay.periods.delete(replay.periods.keys().next().value!);
  }
  return {
    first: days[0],
    last,
    returns: withMoves(closePeriod(open, last && asPeriodDay(last)), days),
  };
}

const withMoves = (returns: PeriodReturns, days: readonly ValuedDay[]): PeriodReturns => ({
  ...returns,
  flows: withHoldingMoves(returns.flows, days, "trades"),
});

/** The first trade day of the account, or null when it has no trade. */
export async function accountFirstDay(
  deps: AppDeps,
  userId: number,
  accountId: number,
  today: string,
): Promise<string | null> {
  const replay = await keptReplay(deps, userId, accountId, today);
  return replay.firstDay;
}

/**
 * Each of the account's holdings at the close of `day` (closed ones included, with the gain
 * realized so far), and its trades after that day: what its holdings' returns start from.
 */
export async function accountPositionsAt(
  deps: AppDeps,
  userId: number,
  accountId: number,
  day: string,
  today: string,
): Promise<{ positions: HoldingSnapshot[]; tradesAfter: Trade[] }> {
  return positionsIn(await keptReplay(deps, userId, accountId, today), day);
}

/** What accountPositionsAt answers, from one replay. */
function positionsIn(
  { trades, tradeDays, holdingDays }: AccountReplay,
  day: string,
): { positions: HoldingSnapshot[]; tradesAfter: Trade[] } {
  const positions: HoldingSnapshot[] = [];
  for (const rows of holdingDays.values()) {
    const at = lastAtOrBefore(rows, day);
    if (at >= 0) positions.push({ ...rows[at]!, day });
  }
  return { positions, tradesAfter: trades.slice(lastAtOrBefore(tradeDays, day) + 1) };
}

/** What reads work out from an account's replay and keep with it, per replay. */
const KEPT_WORKED = 8;

/**
 * `work` of the account's replay (its positions at a day and its trades after it), done once per
 * replay and `key` and kept with it: while the user's trades and the day stand, the same key
 * answers the same promise; a trade, a split or a move between accounts (the snapshots' version)
 * or a new day replays the account, and what was kept goes with the replay it came from. The key
 * must name every other input of `work` (the period, the dividends paid).
 */
export async function keptWithReplay<T>(
  deps: AppDeps,
  userId: number,
  accountId: number,
  today: string,
  key: string,
  work: (positionsAt: (day: string) => ReturnType<typeof positionsIn>) => Promise<T>,
): Promise<T> {
  const replay = await keptReplay(deps, userId, accountId, today);
  let found = replay.worked.get(key) as Promise<T> | undefined;
  if (!found) {
    found = work((day) => positionsIn(replay, day));
    const made = found;
    // A failure is not kept: the next read works it again.
    made.catch(() => replay.worked.get(key) === made && replay.worked.delete(key));
  }
  // Most recently read last.
  replay.worked.delete(key);
  replay.worked.set(key, found);
  while (replay.worked.size > KEPT_WORKED) {
    replay.worked.delete(replay.worked.keys().next().value!);
  }
  return found;
}

/** The index of the last entry (by day, ascending) on or before `day`; -1 if none. */
function lastAtOrBefore(entries: readonly (string | { day: string })[], day: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const entry = entries[middle]!;
    if ((typeof entry === "string" ? entry : entry.day) <= day) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

const emptyDay = (date: string): ValuedDay => ({ date, ...NOTHING_HELD });

const isTransfer = (trade: Trade) =>
  trade.transactionType === "TRANSFER_IN" || trade.transactionType === "TRANSFER_OUT";

/** A day's `moved`, only on a day a holding was transferred (other days' answers unchanged). */
const movedOf = (moved: readonly Decimal[]): { moved?: Decimal } =>
  moved.length > 0 ? { moved: sum(moved) } : {};

const DAY_MS = 86_400_000;
const dayIndex = (first: string, day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS);

/** The account's symbols without daily history that are held at `from` or traded after it. */
function unpricedIn(replay: AccountReplay, from: string): string[] {
  const named: string[] = [];
  for (const { trades, symbol } of replay.unpriced.values()) {
    const ledger = new TradeLedger({ oneAccount: true });
    let tradedAfter = false;
    for (const trade of trades) {
      if (tradeDay(trade) < from) ledger.apply(trade);
      else tradedAfter = true;
    }
    if (tradedAfter || ledger.held().length > 0) named.push(symbol);
  }
  return named.sort();
}

function keptReplay(
  deps: AppDeps,
  userId: number,
  accountId: number,
  today: string,
): Promise<AccountReplay> {
  return deps.repos.snapshots.state(userId).then((state) => {
    const mine = kept.get(deps) ?? new Map<string, Kept>();
    kept.set(deps, mine);
    const slot = `${userId}:${accountId}`;
    // Without a state no trade was written through the repositories: nothing to key on.
    const key = state ? `${state.version}:${today}` : null;
    let found = mine.get(slot);
    if (key === null || found?.key !== key) {
      const fresh: Kept = { key: key ?? "", replay: replayAccount(deps, userId, accountId, today) };
      fresh.replay.catch(() => mine.get(slot) === fresh && mine.delete(slot));
      if (key === null) return fresh.replay;
      found = fresh;
    }
    // Most recently read last.
    mine.delete(slot);
    mine.set(slot, found);
    while (mine.size > KEPT_ACCOUNTS) mine.delete(mine.keys().next().value!);
    return found.replay;
  });
}

/**
 * After a recompute (a trade was written): the accounts whose days were read before are replayed
 * again now, off the request path, so the next read of them finds its days kept.
 */
export async function replayKeptAccounts(
  deps: AppDeps,
  userId: number,
  today: string,
): Promise<void> {
  const accounts = [...(kept.get(deps)?.keys() ?? [])]
    .filter((slot) => slot.startsWith(`${userId}:`))
    .map((slot) => Number(slot.slice(slot.indexOf(":") + 1)));
  await replayAccounts(deps, userId, accounts, today);
}

async function replayAccounts(
  deps: AppDeps,
  userId: number,
  accountIds: readonly number[],
  today: string,
): Promise<void> {
  for (const accountId of accountIds) {
    try {
      await keptReplay(deps, userId, accountId, today);
    } catch (error) {
      deps.logger.warn({ err: error, userId, accountId }, "account not replayed; a read does");
    }
  }
}

/** Users whose accounts were replayed ahead of a read since the process started. */
const warmed = new WeakMap<AppDeps, Set<number>>();

/**
 * The first time since the process started that a user with more than one account lists them
 * (the account filter's options): each account is replayed now, one after another, off the
 * request path, so a filter click finds its days kept instead of waiting for the replay.
 */
export function replayAccountsAhead(
  deps: AppDeps,
  userId: number,
  accountIds: readonly number[],
): void {
  const users = warmed.get(deps) ?? new Set<number>();
  warmed.set(deps, users);
  if (accountIds.length < 2 || users.has(userId)) return;
  users.add(userId);
  deps.background.run(
    async () => {
      await yieldToEventLoop();
      await replayAccounts(deps, userId, accountIds, utcDay(deps.market.clock.now()));
    },
    (error: unknown) => deps.logger.warn({ err: error, userId }, "accounts not replayed ahead"),
  );
}

type TradedHolding = { type: AssetType; symbol: string; trades: Trade[] };

/** Each traded holding's closes from a week before the first day; those without any apart. */
async function closesOf(
  deps: AppDeps,
  trades: readonly Trade[],
  firstDay: string | null,
  today: string,
  turns: Turns,
) {
  const involved = new Map<string, TradedHolding>();
  for (const trade of trades) {
    const key = keyOf(trade.type, trade.symbol);
    const found = involved.get(key) ?? { type: trade.type, symbol: trade.symbol, trades: [] };
    found.trades.push(trade);
    involved.set(key, found);
  }
  const series = new Map<string, CloseSeries>();
  const unpriced = new Map<string, TradedHolding>();
  // A week of slack before the first day, so it has a close even after a weekend.
  const barsFrom = addDays(firstDay ?? today, -7);
  const closes = await closeSeriesInTurns(deps, involved, barsFrom, today, turns);
  for (const [key, holding] of involved) {
    const found = closes.get(key);
    if (found) series.set(key, found);
    else unpriced.set(key, holding);
  }
  return { series, unpriced };
}

/**
 * The account's trades applied in order onto one account's ledger: a holding transferred in or
 * out crosses its edge (a flow at the close). Keeps each trade's holding as its day left it (a
 * later trade of the day replaces it).
 */
function accountSteps(
  ledger: TradeLedger,
  trades: readonly Trade[],
  tradeDays: readonly string[],
  series: Map<string, CloseSeries>,
) {
  const holdingDays = new Map<string, HoldingSnapshot[]>();
  let next = 0;
  const applyNext = (index: number, day: string) => {
    const trade = trades[index]!;
    const key = keyOf(trade.type, trade.symbol);
    const applied = ledger.apply(trade, series.get(key)?.on(day));
    const rows = holdingDays.get(key) ?? [];
    holdingDays.set(key, rows);
    const row = snapshotOf(ledger, key, tradeDays[index]!);
    if (rows.at(-1)?.day === row.day) rows[rows.length - 1] = row;
    else rows.push(row);
    return applied;
  };
  /** Applies the trades dated up to `until` (every one left when undefined) at `day`'s closes. */
  const applyThrough = (until: string | undefined, day: string) => {
    const flows: Decimal[] = [];
    const realized: Decimal[] = [];
    const moved: Decimal[] = [];
    while (next < trades.length && (until === undefined || tradeDays[next]! <= until)) {
      const applied = applyNext(next, day);
      flows.push(applied.flow);
      realized.push(applied.realized);
      if (isTransfer(trades[next]!)) moved.push(applied.flow);
      next += 1;
    }
    return { flows, realized, moved };
  };
  return { holdingDays, applyThrough };
}

async function replayAccount(
  deps: AppDeps,
  userId: number,
  accountId: number,
  today: string,
): Promise<AccountReplay> {
  const trades = await deps.repos.transactions.trades(userId, undefined, {
    accountId,
    pauses: true,
  });
  const turns = new Turns();
  const first = trades[0];
  const firstDay = first && tradeDay(first) < today ? tradeDay(first) : null;
  const { series, unpriced } = await closesOf(deps, trades, firstDay, today, turns);
  const ledger = new TradeLedger({ oneAccount: true });
  const tradeDays = trades.map(tradeDay);
  const steps = accountSteps(ledger, trades, tradeDays, series);
  const held = new HeldUnits();
  const days: ValuedDay[] = [];
  const yesterday = addDays(today, -1);
  for (let day = firstDay ?? today; day <= yesterday; day = addDays(day, 1)) {
    const { flows, realized, moved } = steps.applyThrough(day, day);
    const value = held.value(ledger, (key) => series.get(key)?.on(day));
    days.push({
      date: day,
      ...value,
      flow: sum(flows),
      realized: sum(realized),
      ...movedOf(moved),
    });
    if (turns.due()) await turns.next();
  }
  // Today takes every trade left, those stamped after it too, as valueByDay does.
  const { flows, realized, moved: todayMoved } = steps.applyThrough(undefined, today);
  return {
    periods: new Map(),
    worked: new Map(),
    trades,
    tradeDays,
    holdingDays: steps.holdingDays,
    days,
    firstDay: first ? [tradeDay(first), today].sort()[0]! : null,
    ledger,
    todayFlow: sum(flows),
    todayRealized: sum(realized),
    todayMoved,
    series,
    unpriced,
  };
}
