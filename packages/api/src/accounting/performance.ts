import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  BENCHMARK_SYMBOL,
  type AccountFilter,
  type PerformanceRange,
  type PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import type { SnapshotState, Trade } from "@ledgerline/db";
import { subtract } from "@ledgerline/money";
import { benchmarkReturns } from "./benchmark";
import { incomePaid } from "./income";
import { keptPeriod } from "./kept-periods";
import { closePeriod, periodFigures, periodReturns, type PeriodReturns } from "./period-returns";
import { currentPrices } from "./portfolio-summary";
import { currentState, firstTradeDay, valuedToday, valueRange } from "./portfolio-snapshots";
import { startOf } from "./period-start";
import { tradeDay, utcDay, valueByDay, type ValuedDay } from "./portfolio-valuation";
import { accountFilterOf } from "../accounts/account-scope";
import type { UserScope } from "../platform/scope";

/**
 * The returns over a period (issue 15): time- and money-weighted, realized and unrealized gain,
 * income and the benchmark's return over the same days, with what each is computed from.
 */

export async function portfolioPerformance(
  scope: UserScope,
  range: PerformanceRange,
  filter: AccountFilter = {},
): Promise<PortfolioPerformanceDetail> {
  const { deps } = scope;
  const now = deps.market.clock.now();
  const endDate = utcDay(now);
  const accountId = await accountFilterOf(scope, filter.accountId);
  // One account's trades are replayed on their own: the stored snapshots are the user's whole.
  const accountTrades =
    accountId === undefined
      ? undefined
      : await deps.repos.transactions.trades(scope.user.id, undefined, { accountId });
  const firstTraded = accountTrades
    ? accountTrades[0]
      ? tradeDay(accountTrades[0])
      : null
    : await firstTradeDay(scope);
  const startDate = startOf(range, now, firstTraded ?? endDate);

  const state = firstTraded === null || accountTrades ? null : await currentState(scope);
  const [{ first, last, returns }, benchmark] = await Promise.all([
    accountTrades
      ? accountReturns(scope, accountTrades, accountId!, startDate, endDate)
      : state && startDate < endDate
        ? keptReturns(scope, state, startDate, endDate)
        : replayedReturns(scope, firstTraded, startDate, endDate),
    benchmarkReturns(deps, startDate, [endDate]),
  ]);
  const unrealizedAt = (day: ValuedDay | undefined) =>
    day ? subtract(day.totalValue, day.costBasis) : "0";
  const unrealizedGain = subtract(unrealizedAt(last), unrealizedAt(first));

  return {
    range,
    startDate,
    endDate,
    ...periodFigures(returns, unrealizedGain),
    benchmark: {
      symbol: BENCHMARK_SYMBOL,
      timeWeightedReturn: benchmark.returns.get(endDate) ?? null,
    },
    explanation: {
      flows: returns.flows,
      subPeriods: returns.subPeriods,
      cashFlows: returns.cashFlows,
      benchmark: {
        startClose: benchmark.startClose,
        endClose: benchmark.endClose,
        dividends: benchmark.dividends,
      },
    },
  };
}

/** The returns, and the period's first and last days (their unrealized gain). */
interface ReturnsRead {
  first: ValuedDay | undefined;
  last: ValuedDay | undefined;
  returns: PeriodReturns;
}

/** From the stored days worked through yesterday (kept-periods.ts), closed with today's. */
async function keptReturns(
  scope: UserScope,
  state: SnapshotState,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const [prices, dividends] = await Promise.all([
    currentPrices(scope),
    incomePaid(scope, { from: startDate, to: endDate }),
  ]);
  const [kept, today] = await Promise.all([
    keptPeriod(scope.deps, scope.user.id, state, startDate, endDate, dividends),
    valuedToday(scope, startDate, endDate, prices),
  ]);
  const last = today.day;
  return {
    first: kept.first,
    last,
    returns: closePeriod(kept.open, { ...last, value: last.totalValue }),
  };
}

/** One account's returns: its own trades replayed, its own dividends. */
async function accountReturns(
  scope: UserScope,
  trades: Trade[],
  accountId: number,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const [valuation, dividends] = await Promise.all([
    trades.length === 0
      ? Promise.resolve({ days: [] as ValuedDay[] })
      : currentPrices(scope).then((prices) =>
          valueByDay(scope.deps, trades, startDate, endDate, prices),
        ),
    incomePaid(scope, { from: startDate, to: endDate }, accountId),
  ]);
  await yieldToEventLoop();
  const days = valuation.days;
  const returns = periodReturns(
    days.map((day) => ({ ...day, value: day.totalValue })),
    dividends,
  );
  return { first: days[0], last: days.at(-1), returns };
}

/** Every day of the period valued (a replay while the snapshots are not current), then its returns. */
async function replayedReturns(
  scope: UserScope,
  firstTraded: string | null,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const [valuation, dividends] = await Promise.all([
    firstTraded === null
      ? Promise.resolve({ days: [] as ValuedDay[] })
      : currentPrices(scope).then((prices) => valueRange(scope, startDate, endDate, prices)),
    incomePaid(scope, { from: startDate, to: endDate }),
  ]);
  const days = valuation.days;
  // Reading and computing a long period each take tens of milliseconds without an await that
  // waits: other requests get their turn between the two.
  await yieldToEventLoop();
  const returns = periodReturns(
    days.map((day) => ({ ...day, value: day.totalValue })),
    dividends,
  );
  return { first: days[0], last: days.at(-1), returns };
}
