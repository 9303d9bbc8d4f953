import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  BENCHMARK_SYMBOL,
  timeRangeDates,
  type PerformanceRange,
  type PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { dividendReinvestedReturn, subtract, type ReinvestedDividend } from "@ledgerline/money";
import { incomePaid } from "./income";
import { periodFigures, periodReturns } from "./period-returns";
import { currentPrices } from "./portfolio-summary";
import { firstTradeDay, valueRange } from "./portfolio-snapshots";
import {
  addDays,
  CloseSeries,
  corporateActions,
  dailyBars,
  utcDay,
  type ValuedDay,
} from "./portfolio-valuation";
import type { AppDeps, UserScope } from "./scope";

/**
 * The returns over a period (issue 15): time- and money-weighted, realized and unrealized gain,
 * income and the benchmark's return over the same days, with what each is computed from.
 */

/**
 * The day whose close the period starts from. Nothing is held before the first trade, so ALL,
 * and any period reaching back further, starts on the eve of the first trade (at 0).
 */
export function startOf(range: PerformanceRange, now: number, firstTradeDay: string): string {
  const eve = addDays(firstTradeDay, -1);
  if (range === "ALL") return eve;
  const today = utcDay(now);
  const start =
    range === "YTD"
      ? `${Number(today.slice(0, 4)) - 1}-12-31`
      : timeRangeDates(range, new Date(now), "UTC").from;
  return start > eve ? start : eve;
}

/**
 * The benchmark's closes at the start and at the end, in each day's shares, and its dividends
 * with an ex-date after the start up to the end with the closes around each: what its total
 * return is computed from. Without its corporate actions it is the price return.
 */
async function benchmarkCloses(deps: AppDeps, startDate: string, endDate: string) {
  const [bars, actions] = await Promise.all([
    dailyBars(deps, "STOCK", BENCHMARK_SYMBOL, addDays(startDate, -7), endDate),
    corporateActions(deps, BENCHMARK_SYMBOL),
  ]);
  if (!bars || bars.length === 0) return { startClose: null, endClose: null, dividends: [] };
  const series = new CloseSeries(bars, actions);
  const startClose = series.on(startDate);
  const dividends: ReinvestedDividend[] = [];
  const paying = actions
    .filter(
      (action) =>
        action.type === "dividend" &&
        action.cashAmount &&
        action.exDate > startDate &&
        action.exDate <= endDate,
    )
    .sort((a, b) => (a.exDate < b.exDate ? -1 : 1));
  // In date order: the series is read forward.
  for (const action of paying) {
    const previousClose = series.on(addDays(action.exDate, -1));
    const exClose = series.on(action.exDate);
    if (previousClose && exClose) {
      dividends.push({ exDate: action.exDate, amount: action.cashAmount!, previousClose, exClose });
    }
  }
  return { startClose, endClose: series.on(endDate), dividends };
}

export async function portfolioPerformance(
  scope: UserScope,
  range: PerformanceRange,
): Promise<PortfolioPerformanceDetail> {
  const { deps } = scope;
  const now = deps.market.clock.now();
  const endDate = utcDay(now);
  const firstTraded = await firstTradeDay(scope);
  const startDate = startOf(range, now, firstTraded ?? endDate);

  const [valuation, dividends, benchmark] = await Promise.all([
    firstTraded === null
      ? Promise.resolve({ days: [] as ValuedDay[] })
      : currentPrices(scope).then((prices) => valueRange(scope, startDate, endDate, prices)),
    incomePaid(scope, { from: startDate, to: endDate }),
    benchmarkCloses(deps, startDate, endDate),
  ]);
  const days = valuation.days;
  // Reading and computing a long period each take tens of milliseconds without an await that
  // waits: other requests get their turn between the two.
  await yieldToEventLoop();
  const returns = periodReturns(
    days.map((day) => ({ ...day, value: day.totalValue })),
    dividends,
  );
  const unrealizedAt = (day: ValuedDay | undefined) =>
    day ? subtract(day.totalValue, day.costBasis) : "0";
  const unrealizedGain = subtract(unrealizedAt(days.at(-1)), unrealizedAt(days[0]));

  return {
    range,
    startDate,
    endDate,
    ...periodFigures(returns, unrealizedGain),
    benchmark: {
      symbol: BENCHMARK_SYMBOL,
      timeWeightedReturn:
        benchmark.startClose && benchmark.endClose
          ? dividendReinvestedReturn(benchmark.startClose, benchmark.endClose, benchmark.dividends)
          : null,
    },
    explanation: {
      flows: returns.flows,
      subPeriods: returns.subPeriods,
      cashFlows: returns.cashFlows,
      benchmark,
    },
  };
}
