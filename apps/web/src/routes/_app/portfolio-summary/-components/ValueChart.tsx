import {
  DEFAULT_PORTFOLIO_HISTORY_RANGE,
  portfolioHistoryRanges,
} from "@ledgerline/contracts/browser";
import type { PortfolioHistoryRange } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  AreaSeries,
  ColorType,
  createChart,
  CrosshairMode,
  LineSeries,
  LineStyle,
  type ChartOptions,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type LineData,
  type Time,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { cx } from "../../../../components/ui/cx";
import { Spinner } from "../../../../components/ui/Spinner";
import { formatCurrency } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";

const TOOLTIP_WIDTH = 200;
const rangeLabels: Record<PortfolioHistoryRange, string> = {
  "1M": "1M",
  "3M": "3M",
  "6M": "6M",
  "1Y": "1Y",
  ALL: "All",
};

const cssVar = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** The chart follows the light or dark theme through the design tokens. */
function themeOptions(): DeepPartial<ChartOptions> {
  const grid = cssVar("--border");
  return {
    layout: {
      background: { type: ColorType.Solid, color: cssVar("--surface") },
      textColor: cssVar("--text-muted"),
      fontFamily: "ui-sans-serif, system-ui, sans-serif",
      // The built-in logo injects a <style> element, which the CSP refuses; the attribution the
      // licence asks for is given under the chart instead.
      attributionLogo: false,
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    rightPriceScale: { borderColor: grid },
    timeScale: { borderColor: grid },
  };
}

/** A YYYY-MM-DD chart day as that calendar day, locally. */
function dayOf(time: Time): Date {
  if (typeof time === "string") {
    const [year = 1970, month = 1, day = 1] = time.split("-").map(Number);
    return new Date(year, month - 1, day);
  }
  if (typeof time === "number") return new Date(time * 1000);
  return new Date(time.year, time.month - 1, time.day);
}
const tickFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const longFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
});
const tickLabel = (time: Time) => tickFormat.format(dayOf(time));
const longLabel = (time: Time) => longFormat.format(dayOf(time));

interface Hover {
  left: number;
  top: number;
  time: Time;
  value?: number;
  cost?: number;
}

/**
 * The portfolio's value at each day's close, with its cost basis, over a range (lightweight-charts,
 * loaded with this component only). The server computes the values exactly; they become numbers
 * here for plotting only.
 */
export default function ValueChart() {
  const [range, setRange] = useState<PortfolioHistoryRange>(DEFAULT_PORTFOLIO_HISTORY_RANGE);
  const [hover, setHover] = useState<Hover | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<{
    chart: IChartApi;
    value: ISeriesApi<"Area">;
    cost: ISeriesApi<"Line">;
  } | null>(null);
  const history = useQuery({
    ...trpc.portfolioSummary.history.queryOptions({ range }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const points = history.data?.points;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      ...themeOptions(),
      autoSize: true,
      crosshair: { mode: CrosshairMode.Magnet },
      handleScroll: false,
      handleScale: false,
      localization: { locale: "en-US", timeFormatter: longLabel },
      timeScale: { tickMarkFormatter: tickLabel, fixLeftEdge: true, fixRightEdge: true },
    });
    const money = { type: "custom" as const, formatter: formatCurrency, minMove: 0.01 };
    const primary = cssVar("--primary");
    const value = chart.addSeries(AreaSeries, {
      lineColor: primary,
      topColor: `${primary}55`,
      bottomColor: `${primary}05`,
      lineWidth: 2,
      priceFormat: money,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    const cost = chart.addSeries(LineSeries, {
      color: cssVar("--text-muted"),
      lineWidth: 2,
      lineStyle: LineStyle.Dashed,
      priceFormat: money,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    series.current = { chart, value, cost };
    chart.subscribeCrosshairMove((param) => {
      if (!param.point || param.time === undefined) {
        setHover(null);
        return;
      }
      const at = (line: ISeriesApi<"Area"> | ISeriesApi<"Line">) =>
        (param.seriesData.get(line) as LineData | undefined)?.value;
      const left = Math.max(0, Math.min(param.point.x + 12, element.clientWidth - TOOLTIP_WIDTH));
      setHover({
        left,
        top: Math.max(param.point.y - 70, 0),
        time: param.time,
        value: at(value),
        cost: at(cost),
      });
    });
    const theme = new MutationObserver(() => {
      const next = cssVar("--primary");
      chart.applyOptions(themeOptions());
      value.applyOptions({ lineColor: next, topColor: `${next}55`, bottomColor: `${next}05` });
      cost.applyOptions({ color: cssVar("--text-muted") });
    });
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      theme.disconnect();
      chart.remove();
      series.current = null;
    };
  }, []);

  useEffect(() => {
    const current = series.current;
    if (!current) return;
    current.value.setData(
      (points ?? []).map((p) => ({ time: p.date, value: Number(p.totalValue) })),
    );
    current.cost.setData((points ?? []).map((p) => ({ time: p.date, value: Number(p.costBasis) })));
    current.chart.timeScale().fitContent();
    setHover(null);
  }, [points]);

  const first = points?.[0];
  const last = points?.at(-1);
  const description =
    first && last
      ? `Line chart of your portfolio's value, ${rangeLabels[range]}: ${formatCurrency(first.totalValue)} on ${longLabel(first.date)} and ${formatCurrency(last.totalValue)} on ${longLabel(last.date)}, against a cost basis of ${formatCurrency(last.costBasis)}.`
      : "Chart of your portfolio's value: nothing to show for this range.";
  const unpriced = history.data?.unpricedSymbols ?? [];

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
        <div
          role="group"
          aria-label="Time range"
          className="inline-flex rounded-md border border-border"
        >
          {portfolioHistoryRanges.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={option === range}
              onClick={() => setRange(option)}
              className={cx(
                "px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md",
                option === range
                  ? "bg-primary text-primary-contrast"
                  : "text-muted hover:bg-surface-muted hover:text-text",
              )}
            >
              {rangeLabels[option]}
            </button>
          ))}
        </div>
      </div>
      <ul className="mt-3 flex gap-4 text-xs text-muted" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="inline-block w-5 border-t-2 border-primary" />
          Value at close
        </li>
        <li className="flex items-center gap-1.5">
          <span className="inline-block w-5 border-t-2 border-dashed border-muted" />
          Cost basis
        </li>
      </ul>
      <div className="relative mt-2">
        <div ref={container} role="img" aria-label={description} className="h-64 w-full sm:h-72" />
        {hover && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute z-10 rounded-md border border-border bg-surface px-3 py-2 text-xs shadow-lg"
            style={{ left: hover.left, top: hover.top, width: TOOLTIP_WIDTH }}
          >
            <p className="font-semibold">{longLabel(hover.time)}</p>
            {hover.value !== undefined && (
              <p className="num flex justify-between gap-4">
                <span className="text-muted">Value</span>
                <span>{formatCurrency(hover.value)}</span>
              </p>
            )}
            {hover.cost !== undefined && (
              <p className="num flex justify-between gap-4">
                <span className="text-muted">Cost basis</span>
                <span>{formatCurrency(hover.cost)}</span>
              </p>
            )}
          </div>
        )}
        {history.isPending ? (
          <div className="absolute inset-0 flex items-center justify-center text-primary">
            <Spinner size="md" label="Loading chart" />
          </div>
        ) : history.isError && !points ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
            The value history could not be loaded.
          </p>
        ) : (
          !points?.length && (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
              No history yet: your value appears here from your first trade.
            </p>
          )
        )}
      </div>
      {unpriced.length > 0 && (
        <p className="mt-2 text-xs text-muted">
          No daily prices for {unpriced.join(", ")}: valued at their last trade.
        </p>
      )}
      <p className="mt-2 text-right text-xs text-muted">
        Chart by{" "}
        <a
          href="https://www.tradingview.com/"
          target="_blank"
          rel="noopener noreferrer"
          className="underline hover:text-text"
        >
          TradingView Lightweight Charts™
        </a>
        , © 2025 TradingView, Inc.
      </p>
    </section>
  );
}
