import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { AssetType, HoldingDay, PaidIncome, SnapshotState, Trade } from "@ledgerline/db";
import {
  add,
  compare,
  compound,
  costBasis,
  divide,
  FACTOR_DECIMALS,
  isZero,
  multiply,
  rateNear,
  round,
  RETURN_DECIMALS,
  subtract,
  sum,
  type Decimal,
} from "@ledgerline/money";
import { nextGrowth } from "./growth";
import {
  dayNumberOf,
  holdingFlows,
  indexAfter,
  keptHoldingDaysAsOf,
  keptHoldingDaysOn,
  keptPeriodOf,
  sumOver,
  type HoldingFlows,
} from "./holding-flows";
import { periodFigures } from "./period-returns";
import { addDays, closeSeriesOf, holdingOfKey, keyOf, TradeLedger } from "./portfolio-valuation";
import type { UserScope } from "../platform/scope";

/**
 * Each holding's returns over a period from the stored days (issue 15): its close at the start
 * and at yesterday with their growth factors, its trade days in between (holding-flows.ts), and
 * today from yesterday's position, today's trades and the current price. The time-weighted return
 * is the ratio of the two growth factors (schema/snapshots.ts) times each dividend's factor; the
 * figures are those periodReturns gives on the replayed days (holding-performance.ts), which
 * answers for a holding these days cannot (a dividend paid while nothing was held, a value gone
 * to zero).
 */

export interface StoredHolding {
  type: AssetType;
  symbol: string;
  /** Its figures, or null where the replay must answer. */
  figures: ReturnType<typeof periodFigures> | null;
}

interface Activity {
  type: AssetType;
  symbol: string;
  start: HoldingDay | null;
  end: HoldingDay | null;
  flows: HoldingFlows | undefined;
  /** The indexes of its trade days in the period, from (inclusive) to (exclusive). */
  from: number;
  to: number;
  todays: Trade[];
  dividends: PaidIncome[];
}

/** The end of today: its close, flow and gain, and whether it traded. */
interface Today {
  close: HoldingDay;
  traded: boolean;
}

const closeOf = (row: HoldingDay | null | undefined, day: string) =>
  row && row.day === day ? row : null;

/** The days a read spans: its first, its last (today) and the day before the last. */
interface ReadDays {
  startDate: string;
  endDate: string;
  yesterday: string;
}

/**
 * The holdings that move in the period (a trade day in it, a trade today, a dividend) or are held
 * at its start, each with its closes around it, its trade days and today's trades.
 */
function activityOf(
  days: ReadDays,
  read: {
    starts: readonly HoldingDay[];
    ends: readonly HoldingDay[];
    todays: readonly Trade[];
    flows: Map<string, HoldingFlows>;
  },
  dividends: readonly PaidIncome[],
): Map<string, Activity> {
  const { startDate, yesterday } = days;
  const { starts, ends, todays, flows } = read;
  const activity = new Map<string, Activity>();
  const of = (type: AssetType, symbol: string) => {
    const key = keyOf(type, symbol);
    const own = flows.get(key);
    const found = activity.get(key) ?? {
      type,
      symbol,
      start: null,
      end: null,
      flows: own,
      from: own ? indexAfter(own.days, dayNumberOf(startDate)) : 0,
      to: own ? indexAfter(own.days, dayNumberOf(yesterday)) : 0,
      todays: [],
      dividends: [],
    };
    activity.set(key, found);
    return found;
  };
  for (const [key, own] of flows) {
    const from = indexAfter(own.days, dayNumberOf(startDate));
    if (from < indexAfter(own.days, dayNumberOf(yesterday))) {
      const { assetType, symbol } = holdingOfKey(key);
      of(assetType, symbol);
    }
  }
  for (const trade of todays) of(trade.type, trade.symbol).todays.push(trade);
  for (const dividend of dividends) of("STOCK", dividend.symbol).dividends.push(dividend);
  // A position closed before the start counts only if it moves again.
  for (const start of starts) {
    const active = activity.has(keyOf(start.assetType, start.symbol));
    if (active || closeOf(start, startDate)) of(start.assetType, start.symbol).start = start;
  }
  for (const end of ends) {
    const found = activity.get(keyOf(end.assetType, end.symbol));
    if (found) found.end = end;
  }
  return activity;
}

/** What the stored days give each holding, worked out once per state, period and dividends. */
async function storedParts(
  scope: UserScope,
  state: SnapshotState,
  days: ReadDays,
  dividends: readonly PaidIncome[],
  activity: Map<string, Activity>,
) {
  const { deps, user } = scope;
  const { startDate, endDate, yesterday } = days;
  const kept = keptPeriodOf<StoredPart>(
    deps,
    user.id,
    state,
    `${startDate}:${endDate}:${JSON.stringify(dividends)}`,
  );
  const unkept = [...activity.values()].filter(
    (holding) => !kept.has(keyOf(holding.type, holding.symbol)),
  );
  // The closes around each dividend's pay date, where its factor is read from.
  const payDays = unkept.flatMap((holding) =>
    holding.dividends
      .flatMap((dividend) => [dividend.payDate, addDays(dividend.payDate, -1)])
      .filter((day) => day <= yesterday)
      .map((day) => ({ day, assetType: holding.type, symbol: holding.symbol })),
  );
  const aroundPayDays = new Map(
    (await keptHoldingDaysOn(deps, user.id, state, payDays)).map((row) => [
      `${keyOf(row.assetType, row.symbol)}@${row.day}`,
      row,
    ]),
  );
  let slice = performance.now();
  for (const holding of unkept) {
    const key = keyOf(holding.type, holding.symbol);
    const on = (day: string) => aroundPayDays.get(`${key}@${day}`) ?? null;
    kept.set(key, storedPartOf(holding, on, startDate, endDate));
    // Five years of a holding's flows take a while: other requests get turns between.
    if (performance.now() - slice > 10) {
      await yieldToEventLoop();
      slice = performance.now();
    }
  }
  return kept;
}

/** Today's close of a holding: yesterday's position, today's trades and the current price. */
async function todayOf(
  scope: UserScope,
  ledger: TradeLedger,
  days: ReadDays,
  holding: Activity,
  price: Decimal | undefined,
): Promise<Today> {
  const { startDate, endDate, yesterday } = days;
  const key = keyOf(holding.type, holding.symbol);
  const moved: Decimal[] = [];
  const realized: Decimal[] = [];
  // Trades stamped after today (a clock ahead of the market's) count today, as in the replay.
  for (const trade of holding.todays) {
    const applied = ledger.apply(trade);
    moved.push(applied.flow);
    realized.push(applied.realized);
  }
  const held = ledger.holdings.get(key);
  let value = "0";
  let basis = "0";
  if (held && !isZero(held.quantity)) {
    // As TradeLedger.value: the current price, else today's close, the last trade's price,
    // then the average cost.
    const close =
      price ??
      (
        await closeSeriesOf(
          scope.deps,
          holding.type,
          holding.symbol,
          addDays(startDate, -7),
          endDate,
        )
      )?.on(endDate) ??
      ledger.lastTradePrice.get(key) ??
      held.averagePrice;
    value = multiply(held.quantity, close);
    basis = costBasis(held);
  }
  const flow = sum(moved);
  const eve = closeOf(holding.end, yesterday);
  const growth = nextGrowth(holding.end?.growth ?? "1", eve?.value ?? "0", value, flow);
  const close: HoldingDay = {
    day: endDate,
    assetType: holding.type,
    symbol: holding.symbol,
    value,
    costBasis: basis,
    flow,
    realized: sum(realized),
    growth,
  };
  return { close, traded: holding.todays.length > 0 };
}

export async function storedHoldingReturns(
  scope: UserScope,
  state: SnapshotState,
  startDate: string,
  endDate: string,
  dividends: readonly PaidIncome[],
  prices: Map<string, Decimal>,
): Promise<StoredHolding[]> {
  const { deps, user } = scope;
  const yesterday = addDays(endDate, -1);
  const days: ReadDays = { startDate, endDate, yesterday };
  const snapshots = deps.repos.snapshots;
  const [starts, ends, positions, todays, flows] = await Promise.all([
    keptHoldingDaysAsOf(deps, user.id, state, startDate),
    keptHoldingDaysAsOf(deps, user.id, state, yesterday),
    snapshots.holdingsAt(user.id, yesterday),
    deps.repos.transactions.trades(user.id, new Date(`${endDate}T00:00:00Z`)),
    holdingFlows(deps, user.id, state),
  ]);
  const activity = activityOf(days, { starts, ends, todays, flows }, dividends);
  const kept = await storedParts(scope, state, days, dividends, activity);

  const ledger = new TradeLedger();
  for (const position of positions) ledger.seed(position);
  const answers: StoredHolding[] = [];
  let slice = performance.now();
  for (const holding of activity.values()) {
    const key = keyOf(holding.type, holding.symbol);
    const today = await todayOf(scope, ledger, days, holding, prices.get(key));
    answers.push({
      type: holding.type,
      symbol: holding.symbol,
      figures: figuresOf(holding, today, kept.get(key)!, startDate, endDate),
    });
    // A long period's money-weighted returns take a while: other requests get turns between.
    if (performance.now() - slice > 10) {
      await yieldToEventLoop();
      slice = performance.now();
    }
  }
  return answers;
}

/**
 * What the stored days give a holding's figures, the same on every read of a state: the factors
 * of its dividends (null in place of one paid today, whose close is live), or "replay" where the
 * stored days cannot say; and its money-weighted flows before today, summed per day.
 */
interface StoredPart {
  dividendFactors: (Decimal | null)[] | "replay";
  /** The flows before today, oldest first. */
  amountsBefore: Float64Array;
  /** Each flow's years after the first, today's last: the rate search's terms but the amounts. */
  years: Float64Array;
  /** Days from the first flow to the last before today, and to today. */
  spanBefore: number;
  spanToday: number;
  /** The dividends paid today, summed as moneyWeighted sums a day's flows. */
  paidToday: number | undefined;
  /** Whether any flow before today is paid in (negative), or received; the largest's size. */
  anyPaidIn: boolean;
  anyReceived: boolean;
  largestBefore: number;
  /**
   * The last read's flow of today (its value less its trades, and dividends) and its rate: the
   * same flow has the same terms and so the same rate; another starts the search from it.
   */
  lastToday: number;
  lastRate: { shown: Decimal | null; found: number | null };
}

function storedPartOf(
  holding: Activity,
  on: (day: string) => HoldingDay | null,
  startDate: string,
  endDate: string,
): StoredPart {
  const paidOn = new Map<string, Decimal[]>();
  for (const dividend of holding.dividends) {
    paidOn.set(dividend.payDate, [...(paidOn.get(dividend.payDate) ?? []), dividend.total]);
  }
  let dividendFactors: StoredPart["dividendFactors"] = [];
  for (const [day, totals] of paidOn) {
    if (day === endDate) {
      dividendFactors.push(null);
      continue;
    }
    const factor = dividendFactor(on(addDays(day, -1)), on(day), totals);
    if (factor === null) {
      dividendFactors = "replay";
      break;
    }
    dividendFactors.push(factor);
  }
  const start = closeOf(holding.start, startDate);
  const byDay = moneyWeightedFlows(holding, start?.value ?? "0", startDate);
  const last = dayNumberOf(endDate);
  const paidToday = byDay.get(last);
  byDay.delete(last);
  const flowsBefore = [...byDay].filter(([, amount]) => amount !== 0).sort((a, b) => a[0] - b[0]);
  const origin = flowsBefore.length > 0 ? flowsBefore[0]![0] : last;
  const years = new Float64Array(flowsBefore.length + 1);
  flowsBefore.forEach(([day], i) => (years[i] = (day - origin) / 365));
  years[flowsBefore.length] = (last - origin) / 365;
  return {
    dividendFactors,
    amountsBefore: Float64Array.from(flowsBefore, ([, amount]) => amount),
    years,
    spanBefore: flowsBefore.length > 0 ? flowsBefore.at(-1)![0] - origin : 0,
    spanToday: last - origin,
    paidToday,
    anyPaidIn: flowsBefore.some(([, amount]) => amount < 0),
    anyReceived: flowsBefore.some(([, amount]) => amount > 0),
    largestBefore: flowsBefore.reduce((max, [, amount]) => Math.max(max, Math.abs(amount)), 0),
    lastToday: Number.NaN,
    lastRate: { shown: null, found: null },
  };
}

/**
 * The piece a dividend ends leaves at the close before the day's trades, plus the dividend;
 * with nothing held before it, or nothing left before the trades, the replay says what counts
 * (null).
 */
function dividendFactor(
  previous: HoldingDay | null,
  close: HoldingDay | null,
  totals: readonly Decimal[],
): Decimal | null {
  const ahead = close ? subtract(close.value, close.flow) : "0";
  if (!previous || compare(previous.value, "0") <= 0 || compare(ahead, "0") <= 0) return null;
  return divide(add(ahead, sum(totals)), ahead, FACTOR_DECIMALS);
}

/** The figures periodReturns would give, or null where the stored days cannot say. */
function figuresOf(
  holding: Activity,
  today: Today,
  stored: StoredPart,
  startDate: string,
  endDate: string,
): ReturnType<typeof periodFigures> | null {
  const start = closeOf(holding.start, startDate);
  const startValue = start?.value ?? "0";
  const end = today.close;
  const eve = closeOf(holding.end, addDays(endDate, -1));
  const { flows, from, to } = holding;

  const startGrowth = holding.start?.growth ?? "1";
  if (isZero(startGrowth) || isZero(end.growth) || stored.dividendFactors === "replay") return null;
  const factors = [divide(end.growth, startGrowth, FACTOR_DECIMALS)];
  for (const factor of stored.dividendFactors) {
    const paidToday = () =>
      dividendFactor(
        eve,
        end,
        holding.dividends.filter((d) => d.payDate === endDate).map((d) => d.total),
      );
    const found = factor ?? paidToday();
    if (found === null) return null;
    factors.push(found);
  }
  // Nothing held at any point of the period: no time-weighted return. Something is held over a
  // day after the start or a trade day that closed holding it, or from a buy today at a price
  // other than the close.
  const heldSometime =
    compare(startValue, "0") > 0 ||
    (flows !== undefined && flows.heldCounts[to]! > flows.heldCounts[from]!) ||
    (today.traded &&
      compare(end.flow, "0") > 0 &&
      compare(end.flow, end.value) !== 0 &&
      compare(eve?.value ?? "0", "0") <= 0);
  const timeWeightedReturn = heldSometime
    ? round(subtract(compound(factors, FACTOR_DECIMALS), "1"), RETURN_DECIMALS)
    : null;

  const netFlows = add(flows ? sumOver(flows.flowSums, from, to) : "0", end.flow);
  const realizedGain = add(flows ? sumOver(flows.realizedSums, from, to) : "0", end.realized);
  const unrealizedGain = subtract(
    subtract(end.value, end.costBasis),
    subtract(startValue, start?.costBasis ?? "0"),
  );
  return periodFigures(
    {
      startValue,
      endValue: end.value,
      netFlows,
      realizedGain,
      income: sum(holding.dividends.map((dividend) => dividend.total)),
      timeWeightedReturn,
      moneyWeightedReturn: moneyWeighted(stored, end),
      moneyWeightedDays: todaysFlow(stored, end) !== 0 ? stored.spanToday : stored.spanBefore,
    },
    unrealizedGain,
  );
}

/** The amounts a rate search reads, scaled; grown to the longest holding's flows. */
let scaled = new Float64Array(0);

/**
 * moneyWeightedReturn's rate over the holding's flows as the investor sees them: its value at
 * the start paid in, each trade day's flow, each dividend received, and today's flow and value.
 * They are summed per day in floating point (money/returns.ts sums them exactly first: the two
 * differ in the last bits of a double, far below the 8 places the rate is rounded to).
 */
function moneyWeighted(stored: StoredPart, end: HoldingDay): Decimal | null {
  const today = todaysFlow(stored, end);
  if (!(stored.anyPaidIn || today < 0) || !(stored.anyReceived || today > 0)) return null;
  if (today === stored.lastToday) return stored.lastRate.shown;
  const largest = Math.max(stored.largestBefore, Math.abs(today));
  const before = stored.amountsBefore;
  // The scale follows today's flow when it is the largest: the amounts are scaled per read, into
  // one buffer for every holding (each search ends before another can start).
  if (scaled.length <= before.length) scaled = new Float64Array(before.length + 1);
  const amounts = scaled;
  for (let i = 0; i < before.length; i++) amounts[i] = before[i]! / largest;
  amounts[before.length] = today / largest;
  const count = today !== 0 ? before.length + 1 : before.length;
  const rate = rateNear({ amounts, years: stored.years, count }, stored.lastRate.found);
  stored.lastToday = today;
  stored.lastRate = rate;
  return rate.shown;
}

/** Today's money-weighted flow: the dividends paid today, and the value less today's trades. */
const todaysFlow = (stored: StoredPart, end: HoldingDay) =>
  (stored.paidToday ?? 0) + (Number(end.value) - Number(end.flow));

/** The flows before today's value, summed per day (days since the epoch). */
function moneyWeightedFlows(
  holding: Activity,
  startValue: Decimal,
  startDate: string,
): Map<number, number> {
  const byDay = new Map<number, number>();
  const put = (day: number, amount: number) => byDay.set(day, (byDay.get(day) ?? 0) + amount);
  if (!isZero(startValue)) put(dayNumberOf(startDate), -Number(startValue));
  const { flows, from, to } = holding;
  if (flows) for (let i = from; i < to; i++) put(flows.days[i]!, flows.amounts[i]!);
  for (const dividend of holding.dividends) {
    put(dayNumberOf(dividend.payDate), Number(dividend.total));
  }
  return byDay;
}
