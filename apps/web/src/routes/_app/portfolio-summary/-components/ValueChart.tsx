import {
  benchmarkBases,
  DEFAULT_BENCHMARK_BASIS,
  DEFAULT_PORTFOLIO_HISTORY_RANGE,
  portfolioHistoryRanges,
  type BenchmarkBasis,
} from "@ledgerline/contracts/browser";
import type { PortfolioHistoryRange } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  AreaSeries,
  LineSeries,
  LineStyle,
  type ISeriesApi,
  type LineData,
  type Time,
} from "lightweight-charts";
import { memo, useMemo, useRef, useState } from "react";
import {
  ChartAttribution,
  ChartMessage,
  ChartTooltip,
  ChartToggle,
  tooltipPlace,
  type TooltipPlace,
} from "../../../../components/charts/ChartParts";
import { longLabel } from "../../../../components/charts/chart-time";
import {
  atLeastShare,
  useLightweightChart,
  type ChartPalette,
} from "../../../../components/charts/useLightweightChart";
import { Skeleton } from "../../../../components/RouteStates";
import { cx } from "../../../../components/ui/cx";
import { SelectField } from "../../../../components/ui/SelectField";
import { Spinner } from "../../../../components/ui/Spinner";
import { axisLabels, formatCurrency, formatRatio } from "../../../../lib/format";
import { portfolioHistoryQuery } from "../../../../components/portfolio/portfolio-reads";

const rangeLabels: Record<PortfolioHistoryRange, string> = {
  "1M": "1M",
  "3M": "3M",
  "6M": "6M",
  YTD: "YTD",
  "1Y": "1Y",
  ALL: "All",
};

interface Hover {
  /** The points it was read from: a tooltip of other points is not shown. */
  of: unknown;
  place: TooltipPlace;
  time: Time;
  rows: [label: string, value: string][];
}

const money = { type: "custom" as const, formatter: formatCurrency, minMove: 0.01 };
const percent = {
  type: "custom" as const,
  formatter: (value: number) => formatRatio(String(value / 100)),
  minMove: 0.01,
};

/** The price axis's labels: whole dollars or percents when every tick is one ($70,000, +25%). */
export function axisTicks(values: readonly number[], asReturns: boolean): string[] {
  return axisLabels(values.map(asReturns ? percent.formatter : money.formatter));
}

/** The comparison toggle's words, and the benchmark line's in the legend and the tooltip. */
const basisLabels: Record<BenchmarkBasis, { option: string; line: string; row: string }> = {
  contributions: {
    option: "$ in SPY",
    line: "Same buys & sells in S&P 500",
    row: "Same money in SPY",
  },
  return: { option: "% return", line: "S&P 500 total return", row: "SPY" },
};

/**
 * A figure as the chart plots it: the cents (or hundredths of a percent) the tooltip shows. The
 * crosshair's label on the price axis is read back from a pixel, a float a hair off the value;
 * plotted at the shown precision, a hair off still rounds to the same cent as the tooltip.
 */
export function plotted(value: string, basis: "money" | "percent"): number {
  const shown = basis === "money" ? formatCurrency(value) : formatRatio(value);
  return Number(shown.replace(/[$,%+]/g, ""));
}
const areaColors = (palette: ChartPalette) => ({
  lineColor: palette.primary,
  topColor: `${palette.primary}55`,
  bottomColor: `${palette.primary}05`,
});

/**
 * The portfolio's value at each day's close, with its cost basis and the money it started from
 * grown by the S&P 500's total return (the returns' benchmark figure for the same range), over a
 * range (lightweight-charts, loaded with this component only). The server computes the values
 * exactly; they become numbers here for plotting only. With no history yet, a message takes the
 * chart's place. It reads only its own query: a live tick that re-renders the summary page leaves
 * it alone.
 */
export default memo(function ValueChart({
  accounts = [],
  initialAccount,
}: {
  /** The user's investment accounts: with more than one, the chart can show one of them. */
  accounts?: readonly { id: number; name: string }[];
  /** The account shown first (the page's filter); none for all of them. */
  initialAccount?: number;
}) {
  const [range, setRange] = useState<PortfolioHistoryRange>(DEFAULT_PORTFOLIO_HISTORY_RANGE);
  const [basis, setBasis] = useState<BenchmarkBasis>(DEFAULT_BENCHMARK_BASIS);
  const [account, setAccount] = useState<number | undefined>(initialAccount);
  const [hover, setHover] = useState<Hover | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const several = accounts.length > 1;
  const accountId = several && accounts.some((one) => one.id === account) ? account : undefined;
  const accountName = accounts.find((one) => one.id === accountId)?.name;
  const whose = accountName === undefined ? "your portfolio's" : `${accountName}'s`;
  const history = useQuery({
    ...portfolioHistoryQuery(range, basis, accountId),
    placeholderData: keepPreviousData,
  });
  const points = history.data?.points;
  const benchmarkLine = history.data?.benchmark ?? null;
  const benchmarkSymbol = benchmarkLine?.symbol ?? "";
  // What is drawn follows the answer, not the toggle, while the other basis loads.
  const shown =
    benchmarkLine?.basis ??
    (points?.[0]?.timeWeightedReturn === undefined ? "contributions" : "return");
  const asReturns = shown === "return";

  const drawnPoints = useMemo(
    () =>
      history.isPending ? undefined : { points: points ?? [], benchmark: benchmarkLine, asReturns },
    [history.isPending, points, benchmarkLine, asReturns],
  );

  const drawn = useLightweightChart({
    container,
    data: drawnPoints,
    setup: (chart, palette) => {
      const common = {
        lineWidth: 2 as const,
        priceFormat: money,
        lastValueVisible: false,
        priceLineVisible: false,
        // A nearly flat history is drawn flat, not as a cliff.
        autoscaleInfoProvider: atLeastShare(0.02),
      };
      return {
        value: chart.addSeries(AreaSeries, { ...common, ...areaColors(palette) }),
        cost: chart.addSeries(LineSeries, {
          ...common,
          color: palette.muted,
          lineStyle: LineStyle.Dashed,
        }),
        benchmark: chart.addSeries(LineSeries, {
          ...common,
          color: palette.muted,
          lineStyle: LineStyle.Dotted,
        }),
      };
    },
    draw: (chart, series, { points, benchmark, asReturns }) => {
      const priceFormat = asReturns ? percent : money;
      for (const line of [series.value, series.cost, series.benchmark]) {
        line.applyOptions({ priceFormat });
      }
      // The crosshair's label keeps the cents the tooltip shows; only the ticks drop '.00'.
      chart.applyOptions({
        localization: {
          tickmarksPriceFormatter: (values: readonly number[]) => axisTicks(values, asReturns),
        },
      });
      if (asReturns) {
        series.value.setData(
          points.flatMap((p) =>
            p.timeWeightedReturn == null
              ? []
              : [{ time: p.date, value: plotted(p.timeWeightedReturn, "percent") }],
          ),
        );
        series.cost.setData([]);
      } else {
        series.value.setData(
          points.map((p) => ({ time: p.date, value: plotted(p.totalValue, "money") })),
        );
        series.cost.setData(
          points.map((p) => ({ time: p.date, value: plotted(p.costBasis, "money") })),
        );
      }
      series.benchmark.setData(
        (benchmark?.points ?? []).map((p) => ({
          time: p.date,
          value: plotted(p.value, asReturns ? "percent" : "money"),
        })),
      );
      chart.timeScale().fitContent();
    },
    recolor: (series, palette) => {
      series.value.applyOptions(areaColors(palette));
      series.cost.applyOptions({ color: palette.muted });
      series.benchmark.applyOptions({ color: palette.muted });
    },
    onCrosshair: (param, series, element) => {
      if (!param.point || param.time === undefined) return setHover(null);
      const at = (line: ISeriesApi<"Area"> | ISeriesApi<"Line">) =>
        (param.seriesData.get(line) as LineData | undefined)?.value;
      const show = (value: number) =>
        asReturns ? formatRatio(String(value / 100)) : formatCurrency(value);
      const rows: Hover["rows"] = [];
      const [value, cost, benchmark] = [at(series.value), at(series.cost), at(series.benchmark)];
      if (value !== undefined) rows.push([asReturns ? "Your return" : "Value", show(value)]);
      // A cash-tracked account's cash is inside its value: say how much of it.
      const cash = asReturns ? undefined : points?.find((p) => p.date === param.time)?.cashValue;
      if (cash !== undefined) rows.push(["of which cash", formatCurrency(cash)]);
      if (cost !== undefined) rows.push(["Cost basis", show(cost)]);
      if (benchmark !== undefined) rows.push([basisLabels[shown].row, show(benchmark)]);
      setHover({ of: points, place: tooltipPlace(param.point, element), time: param.time, rows });
    },
  });

  const first = points?.[0];
  const last = points?.at(-1);
  const lastBenchmark = benchmarkLine?.points.at(-1);
  const description = !(first && last)
    ? `Chart of ${whose} value: nothing to show for this range.`
    : asReturns
      ? `Line chart of ${whose} time-weighted return, ${rangeLabels[range]}, cumulative from ${longLabel(first.date)}: ${formatRatio(last.timeWeightedReturn ?? null)} on ${longLabel(last.date)}${lastBenchmark ? `, against ${formatRatio(lastBenchmark.value)} for the S&P 500 (${benchmarkSymbol}), dividends reinvested` : ""}.`
      : `Line chart of ${whose} value, ${rangeLabels[range]}: ${formatCurrency(first.totalValue)} on ${longLabel(first.date)} and ${formatCurrency(last.totalValue)} on ${longLabel(last.date)}${last.cashValue === undefined ? "" : ` (${formatCurrency(last.cashValue)} of it cash)`}, against a cost basis of ${formatCurrency(last.costBasis)}${lastBenchmark ? `, and ${formatCurrency(lastBenchmark.value)} had the same buys and sells gone into the S&P 500 (${benchmarkSymbol}) on the same days, dividends reinvested` : ""}.`;
  const unpriced = history.data?.unpricedSymbols ?? [];
  const failed = history.isError && !points;
  const empty = !history.isPending && !points?.length;

  return (
    <section
      aria-labelledby="value-chart-heading"
      className="rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="value-chart-heading" className="flex items-center gap-2 text-lg font-semibold">
          Portfolio Value
          {history.isFetching && !history.isPending && <Spinner size="sm" label="Updating chart" />}
        </h2>
        <ChartToggle
          label="Time range"
          options={portfolioHistoryRanges}
          value={range}
          onChange={setRange}
          text={(option) => rangeLabels[option]}
        />
      </div>
      {several && (
        <SelectField
          className="mt-3 max-w-xs"
          label="Chart of"
          value={accountId === undefined ? "" : String(accountId)}
          options={[
            { value: "", label: "All accounts" },
            ...accounts.map((one) => ({ value: String(one.id), label: one.name })),
          ]}
          onChange={(value) => setAccount(value === "" ? undefined : Number(value))}
        />
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ChartToggle
          label="Compare with the S&P 500 as"
          options={benchmarkBases}
          value={basis}
          onChange={setBasis}
          text={(option) => basisLabels[option].option}
        />
        {!empty && (
          <ul
            className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted"
            data-testid="value-chart-legend"
          >
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="inline-block w-4 border-t-2 border-primary" />
              {asReturns ? "Your return (time-weighted)" : "Value"}
            </li>
            {!asReturns && (
              <li className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block w-4 border-t-2 border-dashed border-muted"
                />
                Cost basis
              </li>
            )}
            {benchmarkLine && (
              <li className="flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="inline-block w-4 border-t-2 border-dotted border-muted"
                />
                {basisLabels[shown].line}
              </li>
            )}
          </ul>
        )}
      </div>
      {/* Busy until the chart is made: it is drawn once near the screen, in idle moments. */}
      <div className="relative mt-2" aria-busy={!drawn && !empty}>
        <div
          ref={container}
          role="img"
          aria-label={description}
          className={cx("h-64 w-full sm:h-72", empty && "hidden")}
        />
        {!drawn && !empty && <Skeleton className="absolute inset-0" />}
        {hover && hover.of === points && !empty && (
          <ChartTooltip place={hover.place} title={longLabel(hover.time)} rows={hover.rows} />
        )}
        {history.isPending && (
          <div className="absolute inset-0 flex items-center justify-center text-primary">
            <Spinner size="md" label="Loading chart" />
          </div>
        )}
        {empty && (
          <ChartMessage className="h-40">
            {failed
              ? "The value history could not be loaded."
              : `No history yet: ${whose} value is charted here from ${accountName === undefined ? "your" : "its"} first trade.`}
          </ChartMessage>
        )}
      </div>
      {unpriced.length > 0 && (
        <p className="mt-2 text-xs text-muted">
          No daily prices for {unpriced.join(", ")}: valued at their last trade.
        </p>
      )}
      {!empty && <ChartAttribution />}
    </section>
  );
});
