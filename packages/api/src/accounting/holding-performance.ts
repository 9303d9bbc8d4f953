import type {
  AccountFilter,
  HoldingPerformance,
  HoldingsPerformance,
  PerformanceRange,
} from "@ledgerline/contracts";
import type { AssetType, HoldingSnapshot, PaidIncome, Trade } from "@ledgerline/db";
import { isZero, subtract, sum, type Decimal } from "@ledgerline/money";
import { incomePaid } from "./income";
import { startOf } from "./period-start";
import { periodFigures, periodReturns, type PeriodDay } from "./period-returns";
import { currentPrices } from "./portfolio-summary";
import { storedHoldingReturns } from "./stored-holding-returns";
import { firstTradeDay, positionsAt, currentState } from "./portfolio-snapshots";
import {
  addDays,
  closeSeriesInTurns,
  keyOf,
  TradeLedger,
  tradeDay,
  utcDay,
  type CloseSeries,
} from "./portfolio-valuation";
import { accountFirstDay, accountPositionsAt } from "./account-days";
import { holdingRealized, methodRealized, withRealized } from "./method-realized";
import { accountFilterOf } from "../accounts/account-scope";
import type { UserScope } from "../platform/scope";
import { Turns } from "../platform/turns";

/**
 * Each holding's returns over a period (issue 15): what each held at the start of the period (the
 * stored snapshots), its trades and dividends in the period, and its closes on the days they
 * happened. The returns only look at the days something moves, so no other day is valued.
 */

interface HoldingActivity {
  type: AssetType;
  symbol: string;
  start: HoldingSnapshot | null;
  trades: Trade[];
  dividends: PaidIncome[];
}

export async function holdingsPerformance(
  scope: UserScope,
  range: PerformanceRange,
  filter: AccountFilter = {},
): Promise<HoldingsPerformance> {
  const found = await holdingsAtAverage(scope, range, filter);
  if (found.holdings.length === 0) return found;
  // Each holding's realized gain under its accounts' methods (method-realized.ts).
  const accountId = await accountFilterOf(scope, filter.accountId);
  const realized = await methodRealized(scope, accountId, found.startDate);
  if (!realized.lots) return found;
  return {
    ...found,
    holdings: found.holdings.map((holding) =>
      withRealized(
        holding,
        holdingRealized(realized, keyOf(holding.assetType, holding.symbol)) ?? "0",
      ),
    ),
  };
}

/** Each holding's returns with the realized gain at average cost. */
async function holdingsAtAverage(
  scope: UserScope,
  range: PerformanceRange,
  filter: AccountFilter,
): Promise<HoldingsPerformance> {
  const { deps } = scope;
  const now = deps.market.clock.now();
  const endDate = utcDay(now);
  const accountId = await accountFilterOf(scope, filter.accountId);
  const firstTraded =
    accountId === undefined
      ? await firstTradeDay(scope)
      : await accountFirstDay(deps, scope.user.id, accountId, endDate);
  const startDate = startOf(range, now, firstTraded ?? endDate);
  if (firstTraded === null) return { range, startDate, endDate, holdings: [] };

  const [dividends, prices, state] = await Promise.all([
    incomePaid(scope, { from: startDate, to: endDate }, accountId),
    currentPrices(scope),
    accountId === undefined ? currentState(scope) : Promise.resolve(null),
  ]);
  if (accountId !== undefined) {
    // One account's holdings start from its own trades (account-days.ts), not the user's days.
    const start = await accountPositionsAt(deps, scope.user.id, accountId, startDate, endDate);
    return {
      range,
      startDate,
      endDate,
      holdings: await replayedHoldings(scope, startDate, endDate, dividends, prices, start),
    };
  }
  if (state && startDate < endDate) {
    const fromDays = await storedHoldingReturns(
      scope,
      state,
      startDate,
      endDate,
      dividends,
      prices,
    );
    if (fromDays.every((holding) => holding.figures !== null)) {
      const holdings = fromDays.map((holding) => ({
        assetType: holding.type,
        symbol: holding.symbol,
        ...holding.figures!,
      }));
      return { range, startDate, endDate, holdings: holdings.sort(byKind) };
    }
  }
  return {
    range,
    startDate,
    endDate,
    holdings: await replayedHoldings(scope, startDate, endDate, dividends, prices),
  };
}

/** Stocks first, then coins, each by symbol. */
function byKind(a: HoldingPerformance, b: HoldingPerformance): number {
  const order = (holding: HoldingPerformance) =>
    `${holding.assetType === "STOCK" ? 0 : 1}:${holding.symbol}`;
  return order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0;
}

/**
 * The returns from a replay of each holding's trades in the period against its closes, where the
 * stored days cannot answer (not current yet, or a dividend paid while nothing was held).
 */
export async function replayedHoldings(
  scope: UserScope,
  startDate: string,
  endDate: string,
  dividends: readonly PaidIncome[],
  prices: Map<string, Decimal>,
  /** What one account held at the start and its trades after it (default: the user's). */
  account?: { positions: HoldingSnapshot[]; tradesAfter: Trade[] },
  turns = new Turns(),
): Promise<HoldingPerformance[]> {
  const { deps, user } = scope;
  const [positions, trades] = account
    ? [account.positions, account.tradesAfter]
    : await Promise.all([
        positionsAt(scope, startDate),
        deps.repos.transactions.trades(user.id, new Date(`${addDays(startDate, 1)}T00:00:00Z`)),
      ]);

  const activity = new Map<string, HoldingActivity>();
  const of = (type: AssetType, symbol: string) => {
    const key = keyOf(type, symbol);
    const found = activity.get(key) ?? { type, symbol, start: null, trades: [], dividends: [] };
    activity.set(key, found);
    return found;
  };
  for (const trade of trades) of(trade.type, trade.symbol).trades.push(trade);
  for (const dividend of dividends) of("STOCK", dividend.symbol).dividends.push(dividend);
  // A position closed before the start counts only if it moves again.
  for (const position of positions) {
    const active = activity.has(keyOf(position.assetType, position.symbol));
    if (active || !isZero(position.quantity)) {
      of(position.assetType, position.symbol).start = position;
    }
  }

  const closes = await closeSeriesInTurns(deps, activity, addDays(startDate, -7), endDate, turns);
  // One holding after another, handing the loop over by time (decision 0029): 200 holdings of
  // a third of 100,000 trades held it 0.5 s in one go, their returns worked as their closes came.
  const holdings: HoldingPerformance[] = [];
  for (const [key, holding] of activity) {
    if (turns.due()) await turns.next();
    const today = prices.get(key);
    holdings.push(holdingReturns(holding, startDate, endDate, closes.get(key) ?? null, today));
  }
  return holdings.sort(byKind);
}

/**
 * One holding over the period: the start's close, every day with its trades or a dividend paid
 * (valued after the day's trades at its close), and today at `todayPrice`, as the portfolio's
 * returns value them (TradeLedger.value: a missing close falls back on the last trade's price).
 */
function holdingReturns(
  holding: HoldingActivity,
  startDate: string,
  endDate: string,
  closes: CloseSeries | null,
  todayPrice: Decimal | undefined,
): HoldingPerformance {
  const ledger = new TradeLedger();
  if (holding.start) ledger.seed(holding.start);
  const valueOn = (day: string) =>
    ledger.value(() => (day === endDate ? todayPrice : undefined) ?? closes?.on(day));

  const startHeld = valueOn(startDate);
  const days: PeriodDay[] = [
    { date: startDate, value: startHeld.totalValue, flow: "0", realized: "0" },
  ];
  // Trades stamped after today (a clock ahead of the market's) count today, as in the replay.
  const eventDays = [
    ...new Set([
      ...holding.trades.map((trade) => (tradeDay(trade) > endDate ? endDate : tradeDay(trade))),
      ...holding.dividends.map((dividend) => dividend.payDate),
      endDate,
    ]),
  ].sort();
  let next = 0;
  let endHeld = startHeld;
  for (const day of eventDays) {
    const flows: Decimal[] = [];
    const realized: Decimal[] = [];
    while (
      next < holding.trades.length &&
      (day === endDate || tradeDay(holding.trades[next]!) <= day)
    ) {
      const applied = ledger.apply(holding.trades[next]!);
      flows.push(applied.flow);
      realized.push(applied.realized);
      next += 1;
    }
    endHeld = valueOn(day);
    days.push({ date: day, value: endHeld.totalValue, flow: sum(flows), realized: sum(realized) });
  }

  const returns = periodReturns(days, holding.dividends);
  const unrealizedGain = subtract(
    subtract(endHeld.totalValue, endHeld.costBasis),
    subtract(startHeld.totalValue, startHeld.costBasis),
  );
  return {
    assetType: holding.type,
    symbol: holding.symbol,
    ...periodFigures(returns, unrealizedGain),
  };
}
