import {
  BENCHMARK_SYMBOL,
  type MonthlyReturns,
  type MonthlyReturnsInput,
} from "@ledgerline/contracts";
import { add, monthlyReturnsOf } from "@ledgerline/money";
import type { UserScope } from "../platform/scope";
import { returnLineOf } from "./return-line";

/**
 * The month-by-month grid (issue 33): the value chart's return line over everything held, so a
 * deposit or a buy paid from outside is never a month's return, read as a growth index (1 + the
 * time-weighted return) and chain-linked month to month. The benchmark's year is read from the
 * same closes, so a year's two totals cover the same days.
 */
export async function monthlyReturnsFor(
  scope: UserScope,
  input: MonthlyReturnsInput,
): Promise<MonthlyReturns> {
  const { held, spy } = await returnLineOf(scope, { range: "ALL", accountId: input.accountId });
  const spyCloses = held.map((point) => ({ date: point.date, value: spy.get(point.date) }));
  const spyYears = spyCloses.every((close) => close.value !== undefined)
    ? new Map(
        monthlyReturnsOf(
          spyCloses.map((close) => ({ date: close.date, growth: add("1", close.value!) })),
        ).map((year) => [year.year, year.total]),
      )
    : null;
  const years = monthlyReturnsOf(
    held.map((point) => ({ date: point.date, growth: add("1", point.timeWeightedReturn) })),
  );
  return {
    startDate: held[0]?.date ?? null,
    endDate: held.at(-1)?.date ?? null,
    benchmarkSymbol: BENCHMARK_SYMBOL,
    years: years.map((year) => ({ ...year, benchmarkTotal: spyYears?.get(year.year) ?? null })),
  };
}
