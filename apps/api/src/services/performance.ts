import {
  BENCHMARK_SYMBOL,
  timeRangeDates,
  type PerformanceRange,
  type PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import {
  divide,
  isZero,
  moneyWeightedReturn,
  round,
  RETURN_DECIMALS,
  subtract,
  sum,
  timeWeightedReturn,
  type CashFlow,
} from "@ledgerline/money";
import { incomeOf } from "./income";
import { currentPrices } from "./portfolio-summary";
import { firstTradeDay, valueRange } from "./portfolio-snapshots";
import { addDays, CloseSeries, dailyBars, utcDay, type ValuedDay } from "./portfolio-valuation";
import type { AppDeps, UserScope } from "./scope";

/**
 * The returns over a period (issue 15): time- and money-weighted, realized and unrealized gain,
 * income and the benchmark's return over the same days, with what each is computed from.
 */

/**
 * The day whose close the period starts from. Nothing is held before the first trade, so ALL,
 * and any period reaching back further, starts on the eve of the first trade (at 0).
 */
function startOf(range: PerformanceRange, now: number, firstTradeDay: string): string {
  const eve = addDays(firstTradeDay, -1);
  if (range === "ALL") return eve;
  const today = utcDay(now);
  const start =
    range === "YTD"
      ? `${Number(today.slice(0, 4)) - 1}-12-31`
      : timeRangeDates(range, new Date(now), "UTC").from;
  return start > eve ? start : eve;
}

/** The benchmark's close at the start and at the end, from its daily bars. */
async function benchmarkCloses(deps: AppDeps, startDate: string, endDate: string) {
  const bars = await dailyBars(deps, "STOCK", BENCHMARK_SYMBOL, addDays(startDate, -7), endDate);
  if (!bars || bars.length === 0) return { startClose: null, endClose: null };
  const series = new CloseSeries(bars);
  const startClose = series.on(startDate);
  return { startClose, endClose: series.on(endDate) };
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

  const [valuation, income, benchmark] = await Promise.all([
    firstTraded === null
      ? Promise.resolve({ days: [] as ValuedDay[] })
      : currentPrices(scope).then((prices) => valueRange(scope, startDate, endDate, prices)),
    incomeOf(scope, { from: startDate, to: endDate }),
    benchmarkCloses(deps, startDate, endDate),
  ]);
  const days = valuation.days;
  const start = days[0];
  const end = days.at(-1);
  const startValue = start?.totalValue ?? "0";
  const endValue = end?.totalValue ?? "0";
  // The first day's trades are inside its close: the period's flows are the days after it.
  const inPeriod = days.slice(1);
  const flows = inPeriod
    .filter((day) => !isZero(day.flow))
    .map((day) => ({ date: day.date, amount: day.flow }));
  const netFlows = sum(flows.map((flow) => flow.amount));
  const realizedGain = sum(inPeriod.map((day) => day.realized));
  const unrealizedAt = (day: ValuedDay | undefined) =>
    day ? subtract(day.totalValue, day.costBasis) : "0";
  const unrealizedGain = subtract(unrealizedAt(end), unrealizedAt(start));

  const twr = timeWeightedReturn(
    days.map((day, index) => ({
      date: day.date,
      value: day.totalValue,
      flow: index === 0 ? "0" : day.flow,
    })),
  );
  const cashFlows: CashFlow[] = [
    ...(isZero(startValue) ? [] : [{ date: startDate, amount: subtract("0", startValue) }]),
    ...flows.map((flow) => ({ date: flow.date, amount: subtract("0", flow.amount) })),
    ...(isZero(endValue) ? [] : [{ date: endDate, amount: endValue }]),
  ];

  return {
    range,
    startDate,
    endDate,
    startValue,
    endValue,
    netFlows,
    timeWeightedReturn: twr.timeWeightedReturn,
    moneyWeightedReturn: moneyWeightedReturn(cashFlows),
    realizedGain,
    unrealizedGain,
    income,
    totalReturn: sum([unrealizedGain, realizedGain, income]),
    benchmark: {
      symbol: BENCHMARK_SYMBOL,
      timeWeightedReturn:
        benchmark.startClose && benchmark.endClose && !isZero(benchmark.startClose)
          ? round(
              subtract(divide(benchmark.endClose, benchmark.startClose, 20), "1"),
              RETURN_DECIMALS,
            )
          : null,
    },
    explanation: { flows, subPeriods: twr.subPeriods, cashFlows, benchmark },
  };
}
