import { setImmediate as yieldToEventLoop, setTimeout as sleep } from "node:timers/promises";
import {
  type AssetType,
  type HoldingDay,
  type HoldingSnapshot,
  type PortfolioDay,
  type SnapshotState,
  type Trade,
} from "@ledgerline/db";
import {
  add,
  costBasis,
  formatFixed,
  isZero,
  multiply,
  parseFixed,
  sum,
  tenTo,
  type Decimal,
  type FixedPoint,
} from "@ledgerline/money";
import { replayKeptLots } from "../tax/kept-lots";
import { replayKeptAccounts } from "./account-days";
import { nextGrowth, nextGrowthWithoutFlow } from "./growth";
import { carryKeptState, rereadHoldingFlows } from "./holding-flows";
import { workKeptPeriodsThrough } from "./kept-periods";
import { storedDays } from "./stored-days";
import type { CloseSeries } from "./portfolio-valuation";
import {
  addDays,
  closeSeriesOf,
  holdingOfKey,
  keyOf,
  type LedgerHolding,
  snapshotOf,
  TradeLedger,
  tradeDay,
  utcDay,
  valueByDay,
  type Valuation,
  type ValuedDay,
} from "./portfolio-valuation";
import type { AppDeps, UserScope } from "../platform/scope";
import { historyUpdate } from "./history-update";
import { storedStateFor } from "./stored-history";
import { onlyRestated, otherHoldingsDays, valuedHoldings } from "./unchanged-holdings";

/**
 * Daily holdings snapshots (issue 15): the replay of portfolio-valuation.ts run once and kept
 * (repositories/snapshots.ts), so reads take stored days plus today's trades instead of replaying
 * every trade. A trade marks the snapshots stale from its day in its own transaction; the next
 * recompute starts from the position stored for the day before and replays only the trades from
 * there. Recomputes run after a trade commits, one at a time per user, and give the event loop
 * back every few milliseconds; a read that finds them stale waits for the one under way.
 */

/** How long a recompute computes before it lets other work run. */
const SLICE_MS = 10;
/** A recompute that lost a race with a trade is retried this often before a read replays. */
const ATTEMPTS = 3;

const running = new WeakMap<AppDeps, Map<number, Promise<SnapshotState | null>>>();

/** Brings the user's snapshots up to date; answers their state, or null if a trade overtook it. */
export function refreshSnapshots(deps: AppDeps, userId: number): Promise<SnapshotState | null> {
  const mine = running.get(deps) ?? new Map<number, Promise<SnapshotState | null>>();
  running.set(deps, mine);
  const under = mine.get(userId);
  if (under) return under;
  const started = recompute(deps, userId).finally(() => mine.delete(userId));
  mine.set(userId, started);
  return started;
}

/**
 * After a trade commits: a job on the snapshots queue, one per user at a time (a second trade's
 * request, queued while one waits, is the same job). In-process it starts on the next turn of
 * the event loop, not in the next read. Not before: its first step reads the user's trades in
 * one go (100,000 of them after an import, a second on a busy machine), which the trade's own
 * answer would wait for.
 */
export function scheduleSnapshotRefresh(deps: AppDeps, userId: number): void {
  deps.jobs.enqueue("snapshots", { userId }, { dedupKey: `user:${userId}` });
}

/** The snapshots job: the recompute and what is kept from it; a failure is retried. */
export async function recomputeSnapshots(deps: AppDeps, userId: number): Promise<void> {
  await yieldToEventLoop();
  const state = await refreshSnapshots(deps, userId);
  if (state && upToDate(state, yesterdayOf(deps))) {
    await rereadHoldingFlows(deps, userId, state);
    await workKeptPeriodsThrough(deps, userId, state);
  }
  await replayKeptAccounts(deps, userId, utcDay(deps.market.clock.now()));
  await replayKeptLots(deps, userId);
}

const yesterdayOf = (deps: AppDeps) => addDays(utcDay(deps.market.clock.now()), -1);

function upToDate(state: SnapshotState | null, yesterday: string): boolean {
  return (
    state !== null &&
    state.staleFrom === null &&
    state.valuedThrough !== null &&
    state.valuedThrough >= yesterday
  );
}

/** Where a recompute starts: the first stale day or the day after the last valued; null: all. */
function startOf(state: SnapshotState | null): string | null {
  return state?.valuedThrough == null
    ? null
    : [state.staleFrom, addDays(state.valuedThrough, 1)]
        .filter((day): day is string => day !== null)
        .sort()[0]!;
}

/** Applies a recompute's trades a day at a time, in order, noting each touched position. */
class TradeDays {
  private next = 0;
  readonly touchedRows: HoldingSnapshot[] = [];
  private readonly ledger: TradeLedger;
  private readonly trades: readonly Trade[];

  constructor(ledger: TradeLedger, trades: readonly Trade[]) {
    this.ledger = ledger;
    this.trades = trades;
  }

  /** Applies the day's trades: each touched holding's flows and realized gains. */
  apply(day: string) {
    const moved = new Map<string, { flows: Decimal[]; realized: Decimal[] }>();
    while (this.next < this.trades.length && tradeDay(this.trades[this.next]!) === day) {
      const trade = this.trades[this.next]!;
      const applied = this.ledger.apply(trade);
      const key = keyOf(trade.type, trade.symbol);
      const own = moved.get(key) ?? { flows: [], realized: [] };
      own.flows.push(applied.flow);
      own.realized.push(applied.realized);
      moved.set(key, own);
      this.next += 1;
    }
    for (const key of moved.keys()) this.touchedRows.push(snapshotOf(this.ledger, key, day));
    return moved;
  }

  /** Applies the trades left (those after the days valued). */
  applyRest() {
    while (this.next < this.trades.length) this.apply(tradeDay(this.trades[this.next]!));
  }
}

/** What valuing the days reads, and the running figures it carries from day to day. */
interface DaysValuation {
  ledger: TradeLedger;
  series: Map<string, CloseSeries>;
  /** The unchanged holdings' sums per day, when only the restated holdings are replayed. */
  others: Awaited<ReturnType<typeof otherHoldingsDays>>;
  only: Set<string> | null;
  /** The growth factors and values at the close before the day, carried on. */
  before: Awaited<ReturnType<typeof growthBefore>>;
  holdingDays: HoldingDay[];
  /** Each holding's figures of the last day valued, in units (HoldingUnits). */
  units: Map<string, HoldingUnits>;
}

/**
 * A holding's figures as its last day valued left them, with their BigInt units: after an import
 * that is 50 holdings a day for five years, and most days change only the close (or nothing, on
 * a weekend), so the text of the others is not parsed, multiplied and formatted again each day.
 * Each figure's text is the one the decimal functions give (nextGrowthWithoutFlow's tests).
 */
interface HoldingUnits {
  quantity: Decimal;
  averagePrice: Decimal;
  basis: Decimal;
  basisUnits: FixedPoint | null;
  close: Decimal;
  value: Decimal;
  valueUnits: FixedPoint | null;
  growth: Decimal;
  growthUnits: FixedPoint | null;
}

/** The exact sum of figures in units, as `sum` of their text answers it. */
function sumUnits(values: readonly FixedPoint[]): Decimal {
  let units = 0n;
  let scale = 0;
  for (const value of values) {
    if (value.scale > scale) {
      units *= tenTo(value.scale - scale);
      scale = value.scale;
    }
    units += value.units * tenTo(scale - value.scale);
  }
  return formatFixed(units, scale);
}

/** A holding's value, cost basis and growth at the day's close (no flow when `own` is none). */
function holdingFigures(
  valuation: DaysValuation,
  key: string,
  held: LedgerHolding,
  close: Decimal,
  own: { flows: Decimal[]; realized: Decimal[] } | undefined,
) {
  const { before } = valuation;
  const kept = valuation.units.get(key);
  const last = before.holdings.get(key) ?? { growth: "1", value: "0" };
  const sameHolding =
    kept !== undefined &&
    kept.quantity === held.quantity &&
    kept.averagePrice === held.averagePrice;
  const value = sameHolding && kept.close === close ? kept.value : multiply(held.quantity, close);
  const valueUnits = sameHolding && kept.close === close ? kept.valueUnits : parseFixed(value);
  const basis = sameHolding ? kept.basis : costBasis(held);
  const basisUnits = sameHolding ? kept.basisUnits : parseFixed(basis);
  const flow = own ? sum(own.flows) : "0";
  let growth: Decimal;
  let growthUnits: FixedPoint | null = null;
  // Without a flow, from the value this holding's last day left: in units.
  if (flow === "0" && kept?.value === last.value && kept.valueUnits && valueUnits) {
    const known =
      (kept.growth === last.growth ? kept.growthUnits : null) ?? parseFixed(last.growth);
    const next = known && nextGrowthWithoutFlow(known, kept.valueUnits, valueUnits);
    if (!known) growth = nextGrowth(last.growth, last.value, value, flow);
    else if (next === null) [growth, growthUnits] = [last.growth, known];
    else [growth, growthUnits] = [formatFixed(next.units, next.scale), next];
  } else {
    growth = nextGrowth(last.growth, last.value, value, flow);
  }
  before.holdings.set(key, { growth, value });
  valuation.units.set(key, {
    quantity: held.quantity,
    averagePrice: held.averagePrice,
    basis,
    basisUnits,
    close,
    value,
    valueUnits,
    growth,
    growthUnits,
  });
  return { value, valueUnits, basis, basisUnits, flow, growth };
}

/** One day's close: each valued holding's day (added to `holdingDays`), and the portfolio's. */
function valueDay(
  valuation: DaysValuation,
  day: string,
  moved: Map<string, { flows: Decimal[]; realized: Decimal[] }>,
): PortfolioDay {
  const { ledger, series, before } = valuation;
  const other = valuation.others?.get(day);
  const values: Record<AssetType, Decimal[]> = {
    STOCK: other ? [other.stockValue] : [],
    CRYPTO: other ? [other.cryptoValue] : [],
  };
  const valueUnits: Record<AssetType, FixedPoint[]> = { STOCK: [], CRYPTO: [] };
  const bases: Decimal[] = other ? [other.costBasis] : [];
  const basisUnits: FixedPoint[] = [];
  const flows: Decimal[] = other ? [other.flow] : [];
  const realized: Decimal[] = other ? [other.realized] : [];
  for (const [key, held] of valuedHoldings(ledger, valuation.only)) {
    const own = moved.get(key);
    if (isZero(held.quantity) && !own) continue;
    // As TradeLedger.value: without a close, the last trade's price, then the average cost.
    const close = isZero(held.quantity)
      ? "0"
      : (series.get(key)?.on(day) ?? ledger.lastTradePrice.get(key) ?? held.averagePrice);
    const figures = holdingFigures(valuation, key, held, close, own);
    const { value, basis, flow, growth } = figures;
    const gain = own ? sum(own.realized) : "0";
    if (figures.valueUnits) valueUnits[held.type].push(figures.valueUnits);
    else values[held.type].push(value);
    if (figures.basisUnits) basisUnits.push(figures.basisUnits);
    else bases.push(basis);
    if (own) flows.push(flow);
    if (own) realized.push(gain);
    const { type: assetType, symbol } = held;
    valuation.holdingDays.push({
      day,
      assetType,
      symbol,
      value,
      costBasis: basis,
      flow,
      realized: gain,
      growth,
    });
  }
  const stockValue = sum([...values.STOCK, sumUnits(valueUnits.STOCK)]);
  const cryptoValue = sum([...values.CRYPTO, sumUnits(valueUnits.CRYPTO)]);
  const flow = sum(flows);
  const totalValue = add(stockValue, cryptoValue);
  const growth = nextGrowth(before.portfolio.growth, before.portfolio.value, totalValue, flow);
  before.portfolio = { growth, value: totalValue };
  return {
    day,
    stockValue,
    cryptoValue,
    costBasis: sum([...bases, sumUnits(basisUnits)]),
    flow,
    realized: sum(realized),
    growth,
  };
}

/** Values every day from `valueFrom` through `yesterday`, with turns for other work between. */
async function valueDays(
  valuation: DaysValuation,
  tradeDays: TradeDays,
  valueFrom: string,
  yesterday: string,
): Promise<PortfolioDay[]> {
  const days: PortfolioDay[] = [];
  let slice = performance.now();
  for (let day = valueFrom; day <= yesterday; day = addDays(day, 1)) {
    days.push(valueDay(valuation, day, tradeDays.apply(day)));
    if (performance.now() - slice > SLICE_MS) {
      await yieldToEventLoop();
      slice = performance.now();
    }
  }
  return days;
}

async function recompute(deps: AppDeps, userId: number): Promise<SnapshotState | null> {
  const { repos } = deps;
  const yesterday = yesterdayOf(deps);
  let state = await repos.snapshots.state(userId);
  if (state && upToDate(state, yesterday)) return state;
  // Tests only: a back-dated change's recompute held long enough for a browser to see it run.
  if (deps.config.testRecomputeDelayMs && (state?.staleFrom ?? yesterday) < yesterday) {
    await sleep(deps.config.testRecomputeDelayMs);
    state = await repos.snapshots.state(userId);
  }
  // Null: from the first trade (nothing stored yet).
  const start = startOf(state);
  const [base, trades] = await Promise.all([
    start ? repos.snapshots.holdingsAt(userId, addDays(start, -1)) : Promise.resolve([]),
    // A year back-dated is 20,000 trades to read: in pages, with other requests between them.
    repos.transactions.trades(userId, start ? new Date(`${start}T00:00:00Z`) : undefined, {
      pauses: true,
    }),
  ]);
  const firstTraded = trades[0] ? tradeDay(trades[0]) : null;
  const firstDay =
    start === null || state?.firstDay == null || start <= state.firstDay
      ? firstTraded
      : state.firstDay;
  const from = start ?? firstDay ?? yesterday;

  const ledger = new TradeLedger();
  for (const holding of base) ledger.seed(holding);
  const valueFrom = firstDay !== null && firstDay > from ? firstDay : from;
  let only = onlyRestated(state, from, yesterday);
  const others = only && (await otherHoldingsDays(deps, userId, only, from, yesterday));
  if (!others) only = null;
  const [series, before] = await Promise.all([
    firstDay === null
      ? Promise.resolve(new Map<string, CloseSeries>())
      : closeSeries(deps, ledger, trades, valueFrom, yesterday, only),
    growthBefore(deps, userId, valueFrom, firstDay),
  ]);

  const tradeDays = new TradeDays(ledger, trades);
  const holdingDays: HoldingDay[] = [];
  const days = series
    ? await valueDays(
        { ledger, series, others: others || null, only, before, holdingDays, units: new Map() },
        tradeDays,
        valueFrom,
        yesterday,
      )
    : [];
  tradeDays.applyRest();

  // Never past yesterday: today's close is not final. Without a symbol's closes the days are not
  // stored; reads replay them meanwhile.
  const valuedThrough = series ? yesterday : start && addDays(start, -1);
  const { restated, ...rows } = restatedRows(
    state,
    from,
    chained(tradeDays.touchedRows),
    holdingDays,
  );
  const saved = await repos.snapshots.save({
    userId,
    version: state?.version ?? null,
    from,
    days,
    ...rows,
    restated,
    valuedThrough,
    firstDay,
  });
  if (!saved) return null;
  const made = { staleFrom: null, valuedThrough, firstDay, version: state?.version ?? 0 };
  if (state) carryKeptState(deps, userId, state, made, { ...rows, restated });
  return made;
}

/**
 * The holdings' positions and days a recompute from `from` stores: only the trades' holdings'
 * (and every holding's from the first day not stored yet) when the trades that made it stale
 * name them, so a trade back-dated a year rewrites its own holding's year, not all 200
 * holdings'. The other holdings' rows from `from` on are the stored ones again: each holding's
 * trades move only its own position.
 */
function restatedRows(
  state: SnapshotState | null,
  from: string,
  holdings: HoldingSnapshot[],
  holdingDays: HoldingDay[],
) {
  const everyFrom = state?.valuedThrough == null ? from : addDays(state.valuedThrough, 1);
  const stale = state?.staleFrom == null ? null : (state.staleHoldings ?? null);
  if (stale === null || state?.staleFrom == null || everyFrom <= from) {
    return { holdings, holdingDays, allHoldingsFrom: from, restated: null };
  }
  const keys = new Set(stale);
  const kept = (row: { day: string; assetType: AssetType; symbol: string }) =>
    row.day >= everyFrom || keys.has(keyOf(row.assetType, row.symbol));
  return {
    holdings: holdings.filter(kept),
    holdingDays: holdingDays.filter(kept),
    allHoldingsFrom: everyFrom,
    restated: {
      from,
      holdings: [...keys].map(holdingOfKey),
    },
  };
}

/**
 * The growth factors and values at the close before `from` (the portfolio's and each holding's,
 * closed ones included), where a recompute from `from` carries them on; none before the first day.
 */
async function growthBefore(deps: AppDeps, userId: number, from: string, firstDay: string | null) {
  const eve = addDays(from, -1);
  const portfolio = { growth: "1", value: "0" };
  const holdings = new Map<string, { growth: Decimal; value: Decimal }>();
  if (firstDay === null || eve < firstDay) return { portfolio, holdings };
  const [days, held] = await Promise.all([
    deps.repos.snapshots.days(userId, eve, eve),
    deps.repos.snapshots.holdingDaysAsOf(userId, eve),
  ]);
  const [stored] = days;
  if (stored) {
    portfolio.growth = stored.growth;
    portfolio.value = add(stored.stockValue, stored.cryptoValue);
  }
  for (const day of held) {
    const value = day.day === eve ? day.value : "0";
    holdings.set(keyOf(day.assetType, day.symbol), { growth: day.growth, value });
  }
  return { portfolio, holdings };
}

/**
 * Each symbol held from `from` or traded after it, read forward day by day; null when a symbol
 * has no daily history (its days are then valued by the replay, which says so).
 */
async function closeSeries(
  deps: AppDeps,
  ledger: TradeLedger,
  trades: Trade[],
  from: string,
  to: string,
  only: ReadonlySet<string> | null,
): Promise<Map<string, CloseSeries> | null> {
  if (to < from) return new Map();
  const involved = new Map<string, { type: AssetType; symbol: string }>();
  for (const held of ledger.held()) involved.set(keyOf(held.type, held.symbol), held);
  for (const trade of trades) {
    if (tradeDay(trade) > to) break;
    involved.set(keyOf(trade.type, trade.symbol), trade);
  }
  if (only) for (const key of involved.keys()) if (!only.has(key)) involved.delete(key);
  const series = new Map<string, CloseSeries>();
  // One symbol at a time, with a turn of the event loop after each: a symbol's years of bars
  // can take tens of milliseconds to build (the simulated market computes them), and started
  // together fifty of them held every other request, the trade's own answer included, for
  // seconds.
  for (const [key, { type, symbol }] of involved) {
    const closes = await closeSeriesOf(deps, type, symbol, addDays(from, -7), to);
    if (!closes) return null;
    series.set(key, closes);
    await yieldToEventLoop();
  }
  return series;
}

/** Each new snapshot runs until its symbol's next one (the last, on: FAR_DAY). */
function chained(rows: HoldingSnapshot[]): HoldingSnapshot[] {
  const latest = new Map<string, HoldingSnapshot>();
  for (const row of rows) {
    const key = keyOf(row.assetType, row.symbol);
    const previous = latest.get(key);
    if (previous) previous.until = row.day;
    latest.set(key, row);
  }
  return rows;
}

/**
 * The snapshots once current, or null if trades kept overtaking the recompute. A read of the
 * stored history during an update (stored-history.ts) takes them as they are.
 */
async function currentSnapshots(scope: UserScope): Promise<SnapshotState | null> {
  const stored = storedStateFor(scope);
  if (stored !== undefined) return stored;
  const { deps, user } = scope;
  const userId = user.id;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const state = await refreshSnapshots(deps, userId);
    if (state) return state;
  }
  return null;
}

/** The snapshots' state if they run through yesterday (brought up to date first), else null. */
export async function currentState(scope: UserScope): Promise<SnapshotState | null> {
  const state = await currentSnapshots(scope);
  return upToDate(state, yesterdayOf(scope.deps)) ? state : null;
}

/** The day of the user's first trade, or null if there is none. */
export async function firstTradeDay(scope: UserScope): Promise<string | null> {
  const state = await currentSnapshots(scope);
  if (state) return state.firstDay;
  const [first] = await scope.deps.repos.transactions.trades(scope.user.id);
  return first ? tradeDay(first) : null;
}

/**
 * Each symbol's position at the close of `day` (closed ones included, with the gain realized so
 * far): the stored snapshots, or a replay of the trades up to that day when they cannot answer.
 */
export async function positionsAt(scope: UserScope, day: string): Promise<HoldingSnapshot[]> {
  const { deps, user } = scope;
  if (await currentSnapshots(scope)) return deps.repos.snapshots.holdingsAt(user.id, day);
  const ledger = new TradeLedger();
  for (const trade of await deps.repos.transactions.trades(user.id)) {
    if (tradeDay(trade) > day) break;
    ledger.apply(trade);
  }
  return [...ledger.holdings.keys()].map((key) => snapshotOf(ledger, key, day));
}

/**
 * Realized gain per symbol key (keyOf), closed positions included. While a back-dated change's
 * history is recomputed (the screens' "Updating history from ..."), the trades are replayed
 * rather than waited for: the summary's figures, which need no history, show under the banner
 * instead of a skeleton for the recompute's seconds, and are already the restated ones.
 */
export async function realizedBySymbol(scope: UserScope): Promise<Map<string, Decimal>> {
  const { deps, user } = scope;
  const updating = (await historyUpdate(scope)).updating;
  const state = updating ? null : await currentSnapshots(scope);
  if (!state) {
    const ledger = new TradeLedger();
    for (const trade of await deps.repos.transactions.trades(user.id)) ledger.apply(trade);
    return ledger.realized;
  }
  const current = await deps.repos.snapshots.currentHoldings(user.id);
  return new Map(
    current
      .filter((held) => !isZero(held.realized))
      .map((held) => [keyOf(held.assetType, held.symbol), held.realized]),
  );
}

/**
 * The portfolio's value at each day's close from `from` to `today` (see valueByDay, whose
 * figures these equal): stored days up to yesterday, today from yesterday's positions, today's
 * trades and `currentPrices`. Replays every trade only when the snapshots cannot answer.
 */
export async function valueRange(
  scope: UserScope,
  from: string,
  today: string,
  currentPrices: Map<string, Decimal>,
): Promise<Valuation> {
  const { deps, user } = scope;
  const yesterday = addDays(today, -1);
  const state = await currentSnapshots(scope);
  if (!upToDate(state, yesterday)) {
    const trades = await deps.repos.transactions.trades(user.id);
    return valueByDay(deps, trades, from, today, currentPrices);
  }
  const [stored, live] = await Promise.all([
    storedDays(deps, user.id, from, yesterday),
    valuedToday(scope, from, today, currentPrices),
  ]);
  return { days: [...stored, live.day], unpricedSymbols: live.unpricedSymbols };
}

/**
 * Today's close at `currentPrices`: yesterday's stored positions and today's trades, a symbol
 * without a price now at its last close since `from` (a week before it at most).
 */
export async function valuedToday(
  scope: UserScope,
  from: string,
  today: string,
  currentPrices: Map<string, Decimal>,
): Promise<{ day: ValuedDay; unpricedSymbols: string[] }> {
  const { deps, user } = scope;
  const [base, todays] = await Promise.all([
    deps.repos.snapshots.holdingsAt(user.id, addDays(today, -1)),
    deps.repos.transactions.trades(user.id, new Date(`${today}T00:00:00Z`)),
  ]);
  const ledger = new TradeLedger();
  for (const holding of base) ledger.seed(holding);
  const flows: Decimal[] = [];
  const realized: Decimal[] = [];
  for (const trade of todays) {
    const applied = ledger.apply(trade);
    flows.push(applied.flow);
    realized.push(applied.realized);
  }
  // As the replay does: a symbol first traded today, or held without a price now, is looked up
  // in its daily history, and named if it has none.
  const looked = new Map<string, { type: AssetType; symbol: string }>();
  for (const trade of todays) looked.set(keyOf(trade.type, trade.symbol), trade);
  for (const held of ledger.held()) {
    const key = keyOf(held.type, held.symbol);
    if (!currentPrices.has(key)) looked.set(key, held);
  }
  const series = new Map<string, CloseSeries>();
  const unpriced: string[] = [];
  await Promise.all(
    [...looked].map(async ([key, { type, symbol }]) => {
      const closes = await closeSeriesOf(deps, type, symbol, addDays(from, -7), today);
      if (closes) series.set(key, closes);
      else unpriced.push(symbol);
    }),
  );
  const value = ledger.value((key) => currentPrices.get(key) ?? series.get(key)?.on(today));
  return {
    day: { date: today, ...value, flow: sum(flows), realized: sum(realized) },
    unpricedSymbols: unpriced.sort(),
  };
}
