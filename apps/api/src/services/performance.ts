import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  BENCHMARK_SYMBOL,
  type PerformanceRange,
  type PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import { subtract } from "@ledgerline/money";
import { benchmarkReturns } from "./benchmark";
import { incomePaid } from "./income";
import { periodFigures, periodReturns } from "./period-returns";
import { currentPrices } from "./portfolio-summary";
import { firstTradeDay, valueRange } from "./portfolio-snapshots";
import { startOf } from "./period-start";
import { utcDay, type ValuedDay } from "./portfolio-valuation";
import type { UserScope } from "./scope";

/**
 * The returns over a period (issue 15): time- and money-weighted, realized and unrealized gain,
 * income and the benchmark's return over the same days, with what each is computed from.
 */

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
    benchmarkReturns(deps, startDate, [endDate]),
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
