import type { BenchmarkBasis } from "@ledgerline/contracts/browser";
import type { PortfolioHistory, PortfolioHistoryRange } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { longLabel } from "../../../../components/charts/chart-time";
import type { ChartPalette } from "../../../../components/charts/useLightweightChart";
import {
  axisLabels,
  currencySign,
  formatMoney,
  formatRatio,
  inUsEnglish,
} from "../../../../lib/format";
import { rangeLabels } from "./range-labels";

/** The price axis's format for money in `currency` (yen have no cents). */
export function moneyFormat(currency = "USD") {
  return {
    type: "custom" as const,
    formatter: (value: number) => formatMoney(value, currency),
    minMove: currency === "JPY" ? 1 : 0.01,
  };
}
export const percent = {
  type: "custom" as const,
  formatter: (value: number) => formatRatio(String(value / 100)),
  minMove: 0.01,
};

/** The price axis's labels: whole units or percents when every tick is one ($70,000, €500, +25%). */
export function axisTicks(
  values: readonly number[],
  asReturns: boolean,
  currency = "USD",
): string[] {
  return axisLabels(values.map(asReturns ? percent.formatter : moneyFormat(currency).formatter));
}

/** The benchmark line's words in the legend and the tooltip (catalog messages). */
export const basisLabels: Record<BenchmarkBasis, { line: () => string; row: () => string }> = {
  contributions: { line: m.summary_basis_same_trades, row: m.summary_basis_same_money },
  return: { line: m.summary_basis_total_return, row: () => "SPY" },
};

/**
 * The comparison toggle's words: "$ in SPY", or "€ in SPY" when the figures are shown in euros,
 * so the toggle names the money the line is drawn in.
 */
export function basisOption(basis: BenchmarkBasis, currency = "USD"): string {
  if (basis === "return") return m.summary_basis_return_option();
  // Not an Intl format built on every render: building the page's first with a currency was the
  // chart's costliest function in a profile of its first render (long-tasks.ts, issue 35).
  return m.summary_basis_money_option({ sign: currencySign(currency) });
}

/**
 * A figure as the chart plots it: the cents (or yen, or hundredths of a percent) the tooltip
 * shows. The crosshair's label on the price axis is read back from a pixel, a float a hair off
 * the value; plotted at the shown precision, a hair off still rounds to the same cent as the
 * tooltip. Everything but the digits, the point and the minus goes: '$', '€', 'CHF ', 'CA$'...
 * (read in en-US whatever the user's locale: its point is the decimal one).
 */
export function plotted(value: string, basis: "money" | "percent", currency = "USD"): number {
  const shown = inUsEnglish(() =>
    basis === "money" ? formatMoney(value, currency) : formatRatio(value),
  );
  return Number(shown.replace(/[^\d.-]/g, ""));
}

export const areaColors = (palette: ChartPalette) => ({
  lineColor: palette.primary,
  topColor: `${palette.primary}55`,
  bottomColor: `${palette.primary}05`,
});

/** Whose value the chart is of, as its sentences name it ("your portfolio's", "Brokerage's"). */
export function chartWhose(accountName: string | undefined): string {
  return accountName === undefined
    ? m.summary_chart_whose_yours()
    : m.summary_chart_whose_account({ name: accountName });
}

/** The chart's text for a screen reader: the range's first and last figures, and the benchmark. */
export function valueChartDescription(
  history: PortfolioHistory | undefined,
  whose: string,
  range: PortfolioHistoryRange,
  asReturns: boolean,
  currency = "USD",
): string {
  const money = (value: string) => formatMoney(value, currency);
  const first = history?.points[0];
  const last = history?.points.at(-1);
  const lastBenchmark = history?.benchmark?.points.at(-1);
  const symbol = history?.benchmark?.symbol ?? "";
  if (!(first && last)) return m.summary_chart_nothing({ whose });
  const dates = { from: longLabel(first.date), to: longLabel(last.date) };
  if (asReturns)
    return m.summary_chart_returns({
      whose,
      range: rangeLabels[range](),
      ...dates,
      last: formatRatio(last.timeWeightedReturn ?? null),
      benchmark: lastBenchmark
        ? m.summary_chart_returns_benchmark({ ratio: formatRatio(lastBenchmark.value), symbol })
        : "",
    });
  return m.summary_chart_values({
    whose,
    // Said once, so a listener knows the figures are not the dollars they were stored in.
    converted: currency === "USD" ? "" : m.summary_chart_converted({ currency }),
    range: rangeLabels[range](),
    first: money(first.totalValue),
    last: money(last.totalValue),
    ...dates,
    cash: last.cashValue === undefined ? "" : m.summary_chart_cash({ cash: money(last.cashValue) }),
    cost: money(last.costBasis),
    benchmark: lastBenchmark
      ? m.summary_chart_values_benchmark({ amount: money(lastBenchmark.value), symbol })
      : "",
  });
}

/** What takes the chart's place when there is nothing to chart: failed, or no trade yet. */
export function noHistoryMessage(failed: boolean, accountName: string | undefined): string {
  if (failed) return m.summary_chart_failed();
  return accountName === undefined
    ? m.summary_chart_no_history_yours()
    : m.summary_chart_no_history_account({ name: accountName });
}
