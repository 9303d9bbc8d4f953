import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { AssetType, HoldingDay, SnapshotRebuild, SnapshotState } from "@ledgerline/db";
import { add, compare, subtract, type Decimal } from "@ledgerline/money";
import { addDays, keyOf } from "./portfolio-valuation";
import type { AppDeps } from "../platform/scope";

/**
 * Each holding's trade days, kept in memory between requests (issue 15): a money-weighted return
 * needs every flow of its period, and over five years of a heavy trader that is 100,000 stored
 * rows, too many to read per request. They are read once per state of the snapshots (a trade
 * bumps its version, a new day moves valuedThrough), right after the recompute that made it and
 * off the request path, in slices that give the event loop back. Sums over a period are exact
 * (prefix sums of the stored decimals); the flows are also kept as doubles, which is what the
 * money-weighted return's root search is done in.
 */

export interface HoldingFlows {
  /** The trade days, oldest first, as days since the epoch. */
  days: Int32Array;
  /** Each day's flow as the investor sees it (paid in negative), in floating point. */
  amounts: Float64Array;
  /** flowSums[i]: the flows of the first i days, exactly; realizedSums likewise. */
  flowSums: Decimal[];
  realizedSums: Decimal[];
  /** heldCounts[i]: how many of the first i days closed with something held. */
  heldCounts: Int32Array;
}

/**
 * What is kept of one state of a user's snapshots: the flows, and the stored rows earlier reads
 * asked for, which cannot change while the state stands (a trade or a new day makes a new one).
 */
interface KeptState {
  key: string;
  flows: Promise<UserFlows>;
  /** holdingDaysAsOf's answers by day. */
  asOf: Map<string, Promise<HoldingDay[]>>;
  /** holdingDaysOn's rows by holding@day, null where none is stored. */
  rowsOn: Map<string, HoldingDay | null>;
  /** What each period's stored days give each holding (stored-holding-returns.ts), by period. */
  periods: Map<string, Map<string, unknown>>;
}

interface UserFlows {
  key: string;
  byHolding: Map<string, HoldingFlows>;
}

const DAY_MS = 86_400_000;
export const dayNumberOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Days per read: a few thousand rows, a few milliseconds. */
const SLICE_DAYS = 30;
/** Users whose flows are kept; the least recently read go first. */
const KEPT_USERS = 64;

const kept = new WeakMap<AppDeps, Map<number, KeptState>>();

const keyOfState = (state: SnapshotState) => `${state.version}:${state.valuedThrough}`;

/** The kept state of the user's snapshots, its flows' read started if it is new. */
function keptState(deps: AppDeps, userId: number, state: SnapshotState): KeptState {
  const mine = kept.get(deps) ?? new Map<number, KeptState>();
  kept.set(deps, mine);
  const key = keyOfState(state);
  let found = mine.get(userId);
  if (found?.key !== key) {
    const fresh: KeptState = {
      key,
      flows: readFlows(deps, userId, state, key),
      asOf: new Map(),
      rowsOn: new Map(),
      periods: new Map(),
    };
    fresh.flows.catch(() => mine.get(userId) === fresh && mine.delete(userId));
    found = fresh;
  }
  // Most recently read last.
  mine.delete(userId);
  mine.set(userId, found);
  while (mine.size > KEPT_USERS) mine.delete(mine.keys().next().value!);
  return found;
}

/** The user's holdings' trade days up to the stored state's last day, read once per state. */
export async function holdingFlows(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
): Promise<Map<string, HoldingFlows>> {
  return (await keptState(deps, userId, state).flows).byHolding;
}

/**
 * snapshots.holdingDaysAsOf, read once per state and day: over ALL its day is the first, where
 * "valid after it" is nearly every row the user has.
 */
export function keptHoldingDaysAsOf(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
  day: string,
): Promise<HoldingDay[]> {
  const { asOf } = keptState(deps, userId, state);
  let rows = asOf.get(day);
  if (!rows) {
    const reading = deps.repos.snapshots.holdingDaysAsOf(userId, day);
    reading.catch(() => asOf.get(day) === reading && asOf.delete(day));
    asOf.set(day, reading);
    rows = reading;
  }
  return rows;
}

/** Periods kept per state: a day's ranges, each with the dividends paid in it. */
const KEPT_PERIODS = 8;

/**
 * What the stored days of one period (its name says its days and dividends) give each holding,
 * kept while the state stands; empty at first, filled by the caller.
 */
export function keptPeriodOf<T>(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
  period: string,
): Map<string, T> {
  const { periods } = keptState(deps, userId, state);
  const found = periods.get(period) ?? new Map<string, T>();
  // Most recently read last.
  periods.delete(period);
  periods.set(period, found);
  while (periods.size > KEPT_PERIODS) periods.delete(periods.keys().next().value!);
  return found as Map<string, T>;
}

type HoldingOnDay = { day: string; assetType: AssetType; symbol: string };
const nameOf = (key: HoldingOnDay) => `${keyOf(key.assetType, key.symbol)}@${key.day}`;

/**
 * snapshots.holdingDaysOn, each row read once per state: the days around five years of
 * dividends are thousands of lookups.
 */
export async function keptHoldingDaysOn(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
  keys: readonly HoldingOnDay[],
): Promise<HoldingDay[]> {
  const { rowsOn } = keptState(deps, userId, state);
  const missing = keys.filter((key) => !rowsOn.has(nameOf(key)));
  if (missing.length > 0) {
    const rows = await deps.repos.snapshots.holdingDaysOn(userId, missing);
    for (const key of missing) rowsOn.set(nameOf(key), null);
    for (const row of rows) rowsOn.set(nameOf(row), row);
  }
  return keys.flatMap((key) => rowsOn.get(nameOf(key)) ?? []);
}

/** A holding's flows as they are collected, before they are sealed into typed arrays. */
interface Collecting {
  days: number[];
  amounts: number[];
  flows: Decimal[];
  realized: Decimal[];
  held: number[];
}

const collectingOf = (flows?: HoldingFlows, length = 0): Collecting => ({
  days: flows ? Array.from(flows.days.subarray(0, length)) : [],
  amounts: flows ? Array.from(flows.amounts.subarray(0, length)) : [],
  flows: flows ? flows.flowSums.slice(0, length + 1) : ["0"],
  realized: flows ? flows.realizedSums.slice(0, length + 1) : ["0"],
  held: flows ? Array.from(flows.heldCounts.subarray(0, length + 1)) : [0],
});

/** Appends rows to their holdings' flows; a holding not collected yet starts from `started`. */
function collect(
  building: Map<string, Collecting>,
  rows: readonly HoldingDay[],
  started: (holding: string) => Collecting = () => collectingOf(),
) {
  for (const row of rows) {
    const holding = keyOf(row.assetType, row.symbol);
    const own = building.get(holding) ?? started(holding);
    building.set(holding, own);
    own.days.push(dayNumberOf(row.day));
    own.amounts.push(-Number(row.flow));
    own.flows.push(add(own.flows.at(-1)!, row.flow));
    own.realized.push(add(own.realized.at(-1)!, row.realized));
    own.held.push(own.held.at(-1)! + (compare(row.value, "0") > 0 ? 1 : 0));
  }
}

const sealed = (own: Collecting): HoldingFlows => ({
  days: Int32Array.from(own.days),
  amounts: Float64Array.from(own.amounts),
  flowSums: own.flows,
  realizedSums: own.realized,
  heldCounts: Int32Array.from(own.held),
});

/** Reads the trade days in a range into `building`, a slice of days at a time. */
async function collectDays(
  deps: AppDeps,
  userId: number,
  into: { building: Map<string, Collecting>; started?: (holding: string) => Collecting },
  range: { after: string; through: string },
  holdings?: readonly { assetType: AssetType; symbol: string }[],
) {
  for (let from = range.after; from < range.through;) {
    const to = [addDays(from, SLICE_DAYS), range.through].sort()[0]!;
    const rows = await deps.repos.snapshots.holdingTradeDays(userId, from, to, holdings);
    collect(into.building, rows, into.started);
    from = to;
    await yieldToEventLoop();
  }
}

async function readFlows(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
  key: string,
): Promise<UserFlows> {
  const building = new Map<string, Collecting>();
  if (state.firstDay !== null && state.valuedThrough !== null) {
    const range = { after: addDays(state.firstDay, -1), through: state.valuedThrough };
    await collectDays(deps, userId, { building }, range);
  }
  const byHolding = new Map<string, HoldingFlows>();
  for (const [holding, own] of building) byHolding.set(holding, sealed(own));
  return { key, byHolding };
}

/** What a recompute rewrote: every holding's days from one day, some holdings' from an earlier one. */
export type RestatedDays = Pick<SnapshotRebuild, "allHoldingsFrom" | "restated">;

/**
 * The flows of the state a recompute made, from those of the state it started from: each
 * holding's days before the recompute's first rewritten day are kept, and only the rewritten
 * days are read (a trade back-dated a year reads its own holding's year, not five years of 200
 * holdings). `previous` must be the state right before the recompute's change.
 */
async function carriedFlows(
  deps: AppDeps,
  userId: number,
  previous: Promise<UserFlows>,
  through: string,
  change: RestatedDays,
  key: string,
): Promise<UserFlows> {
  const { byHolding: before } = await previous;
  const { allHoldingsFrom, restated } = change;
  const rewritten = rewrittenFrom(change);
  const building = new Map<string, Collecting>();
  for (const [holding, flows] of before) {
    const kept = indexAfter(flows.days, dayNumberOf(rewritten(holding)) - 1);
    if (kept < flows.days.length) building.set(holding, collectingOf(flows, kept));
  }
  // A holding whose kept days run on unchanged is sealed again only if new days follow them.
  const started = (holding: string) => {
    const flows = before.get(holding);
    return collectingOf(flows, flows?.days.length);
  };
  const everyAfter = [addDays(allHoldingsFrom, -1), through].sort()[0]!;
  if (restated && restated.from < allHoldingsFrom) {
    const range = { after: addDays(restated.from, -1), through: everyAfter };
    await collectDays(deps, userId, { building, started }, range, restated.holdings);
  }
  await collectDays(deps, userId, { building, started }, { after: everyAfter, through });
  const byHolding = new Map(before);
  for (const [holding, own] of building) {
    if (own.days.length === 0) byHolding.delete(holding);
    else byHolding.set(holding, sealed(own));
  }
  return { key, byHolding };
}

/** The first day of each holding's that a recompute rewrote. */
function rewrittenFrom({ allHoldingsFrom, restated }: RestatedDays) {
  const keys = new Set(restated?.holdings.map((held) => keyOf(held.assetType, held.symbol)));
  return (holding: string) => (restated && keys.has(holding) ? restated.from : allHoldingsFrom);
}

/**
 * After a recompute in this process: what was kept of the state it started from is carried to
 * the state it made, where that state differs from it only by the recompute's change (no trade
 * since, or the one trade that made it stale; any other history falls back to reading again).
 */
export function carryKeptState(
  deps: AppDeps,
  userId: number,
  before: SnapshotState,
  after: SnapshotState,
  change: RestatedDays,
): void {
  const mine = kept.get(deps);
  const found = mine?.get(userId);
  const preceding = before.staleFrom === null ? before.version : before.version - 1;
  const through = after.valuedThrough;
  if (!mine || !found || found.key !== `${preceding}:${before.valuedThrough}`) return;
  // A recompute that could not value its days stores fewer: no read uses that state.
  if (through === null || through < (before.valuedThrough ?? through)) return;
  const fromOf = rewrittenFrom(change);
  const firstChanged = change.restated?.from ?? change.allHoldingsFrom;
  const key = keyOfState(after);
  const carried: KeptState = {
    key,
    flows: carriedFlows(deps, userId, found.flows, through, change, key),
    asOf: new Map([...found.asOf].filter(([day]) => day < firstChanged)),
    rowsOn: new Map(
      [...found.rowsOn].filter(([name]) => {
        const at = name.lastIndexOf("@");
        return name.slice(at + 1) < fromOf(name.slice(0, at));
      }),
    ),
    // A period's parts run to yesterday: kept while that stays, for the holdings left unchanged.
    periods: new Map(
      through === before.valuedThrough
        ? [...found.periods].map(([period, parts]) => [
            period,
            new Map([...parts].filter(([holding]) => fromOf(holding) > through)),
          ])
        : [],
    ),
  };
  carried.flows.catch(() => mine.get(userId) === carried && mine.delete(userId));
  mine.set(userId, carried);
}

/**
 * After a recompute: the flows of a user whose holdings' returns were read before are read again
 * now, so the next such read finds them (users who never read them cost nothing).
 */
export async function rereadHoldingFlows(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
): Promise<void> {
  if (!kept.get(deps)?.has(userId)) return;
  await holdingFlows(deps, userId, state).catch((error: unknown) => {
    deps.logger.warn({ err: error, userId }, "holding flows not read; the next read reads them");
  });
}

/** The first index of `days` after `day` (binary search). */
export function indexAfter(days: Int32Array, day: number): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (days[middle]! <= day) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The exact sum of a prefix-summed column over the indexes from `from` to `to` (exclusive). */
export const sumOver = (sums: readonly Decimal[], from: number, to: number) =>
  subtract(sums[to]!, sums[from]!);
