import type { BenchmarkBasis } from "@ledgerline/contracts/browser";
import type { PortfolioHistory, PortfolioHistoryRange } from "@ledgerline/contracts";
import { longLabel } from "../../../../components/charts/chart-time";
import type { ChartPalette } from "../../../../components/charts/useLightweightChart";
import {
  axisLabels,
  formatLocale,
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

/** The benchmark line's words in the legend and the tooltip. */
export const basisLabels: Record<BenchmarkBasis, { line: string; row: string }> = {
  contributions: { line: "Same buys & sells in S&P 500", row: "Same money in SPY" },
  return: { line: "S&P 500 total return", row: "SPY" },
};

/**
 * The comparison toggle's words: "$ in SPY", or "€ in SPY" when the figures are shown in euros,
 * so the toggle names the money the line is drawn in.
 */
export function basisOption(basis: BenchmarkBasis, currency = "USD"): string {
  if (basis === "return") return "% return";
  const sign = new Intl.NumberFormat(formatLocale(), { style: "currency", currency })
    .formatToParts(0)
    .find((part) => part.type === "currency")?.value;
  return `${sign ?? currency} in SPY`;
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

/** The chart's text for a screen reader: the range's first and last figures, and the benchmark. */
export function valueChartDescription(
  history: PortfolioHistory | undefined,
  whose: string,
  range: PortfolioHistoryRange,
  asReturns: boolean,
  currency = "USD",
): string {
  const money = (value: string) => formatMoney(value, currency);
  // Said once, so a listener knows the figures are not the dollars they were stored in.
  const converted = currency === "USD" ? "" : ` in ${currency} at each day's rate`;
  const first = history?.points[0];
  const last = history?.points.at(-1);
  const lastBenchmark = history?.benchmark?.points.at(-1);
  const benchmarkSymbol = history?.benchmark?.symbol ?? "";
  if (!(first && last)) return `Chart of ${whose} value: nothing to show for this range.`;
  return asReturns
    ? `Line chart of ${whose} time-weighted return, ${rangeLabels[range]}, cumulative from ${longLabel(first.date)}: ${formatRatio(last.timeWeightedReturn ?? null)} on ${longLabel(last.date)}${lastBenchmark ? `, against ${formatRatio(lastBenchmark.value)} for the S&P 500 (${benchmarkSymbol}), dividends reinvested` : ""}.`
    : `Line chart of ${whose} value${converted}, ${rangeLabels[range]}: ${money(first.totalValue)} on ${longLabel(first.date)} and ${money(last.totalValue)} on ${longLabel(last.date)}${last.cashValue === undefined ? "" : ` (${money(last.cashValue)} of it cash)`}, against a cost basis of ${money(last.costBasis)}${lastBenchmark ? `, and ${money(lastBenchmark.value)} had the same buys and sells gone into the S&P 500 (${benchmarkSymbol}) on the same days, dividends reinvested` : ""}.`;
}

/** What takes the chart's place when there is nothing to chart: failed, or no trade yet. */
export function noHistoryMessage(failed: boolean, accountName: string | undefined): string {
  if (failed) return "The value history could not be loaded.";
  const whose = accountName === undefined ? "your portfolio's" : `${accountName}'s`;
  return `No history yet: ${whose} value is charted here from ${accountName === undefined ? "your" : "its"} first trade.`;
}
