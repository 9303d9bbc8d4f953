import { DEFAULT_TIME_RANGE, timeRanges } from "@ledgerline/contracts/browser";
import type { TimeRange } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import {
  ColorType,
  createChart,
  CrosshairMode,
  LineSeries,
  LineStyle,
  type DeepPartial,
  type IChartApi,
  type ISeriesApi,
  type ChartOptions,
  type LineData,
  type Time,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { Spinner } from "../../../../components/ui/Spinner";
import { cx } from "../../../../components/ui/cx";
import { formatCurrency, formatNumber } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { longLabel, tickLabel } from "./chart-time";

type DataKind = "Price" | "Volume";

const TOOLTIP_WIDTH = 190;

interface Series {
  chart: IChartApi;
  close: ISeriesApi<"Line">;
  open: ISeriesApi<"Line">;
  volume: ISeriesApi<"Line">;
}

interface Hover {
  left: number;
  top: number;
  time: Time;
  values: [label: string, value: string][];
}

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
    },
    grid: { vertLines: { color: grid }, horzLines: { color: grid } },
    rightPriceScale: { borderColor: grid },
    timeScale: { borderColor: grid },
  };
}

const colors = () => ({ close: cssVar("--primary"), open: cssVar("--info") });

const legends: Record<DataKind, { label: string; color: "close" | "open"; dashed?: boolean }[]> = {
  Price: [
    { label: "Closing Price", color: "close" },
    { label: "Opening Price", color: "open", dashed: true },
  ],
  Volume: [{ label: "Volume", color: "close" }],
};

function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border border-border">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          onClick={() => onChange(option)}
          className={cx(
            "px-3 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md",
            option === value
              ? "bg-primary text-primary-contrast"
              : "text-muted hover:bg-surface-muted hover:text-text",
          )}
        >
          {option}
        </button>
      ))}
    </div>
  );
}

/**
 * 'Historical Data for {symbol}': closing and opening prices (or volume) over 1W to 1Y, default
 * 1M, drawn with lightweight-charts (loaded only with this component). The decimal strings of
 * the API become numbers here, for plotting only.
 */
export default function PriceChart({ symbol }: { symbol: string }) {
  const [range, setRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);
  const [kind, setKind] = useState<DataKind>("Price");
  const [hover, setHover] = useState<Hover | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const series = useRef<Series | null>(null);
  const history = useQuery({
    ...trpc.market.history.queryOptions({ symbol, range }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const bars = history.data;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const palette = colors();
    const chart = createChart(element, {
      ...themeOptions(),
      autoSize: true,
      // The built-in logo injects a <style> element, which the CSP refuses; the licence's
      // attribution and link are given under the chart instead.
      layout: { ...themeOptions().layout, attributionLogo: false },
      crosshair: { mode: CrosshairMode.Magnet },
      handleScroll: false,
      handleScale: false,
      localization: { locale: "en-US", timeFormatter: longLabel },
      timeScale: { tickMarkFormatter: tickLabel, fixLeftEdge: true, fixRightEdge: true },
    });
    const money = { type: "custom" as const, formatter: formatCurrency, minMove: 0.01 };
    const close = chart.addSeries(LineSeries, {
      color: palette.close,
      lineWidth: 2,
      priceFormat: money,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    const open = chart.addSeries(LineSeries, {
      color: palette.open,
      lineWidth: 2,
      lineStyle: LineStyle.Dashed,
      priceFormat: money,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    const volume = chart.addSeries(LineSeries, {
      color: palette.close,
      lineWidth: 2,
      priceFormat: { type: "custom", formatter: formatNumber, minMove: 1 },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    series.current = { chart, close, open, volume };

    chart.subscribeCrosshairMove((param) => {
      if (!param.point || param.time === undefined) {
        setHover(null);
        return;
      }
      const valueOf = (line: ISeriesApi<"Line">) =>
        (param.seriesData.get(line) as LineData | undefined)?.value;
      const values: Hover["values"] = [];
      if (close.options().visible) {
        const [c, o] = [valueOf(close), valueOf(open)];
        if (c !== undefined) values.push(["Closing Price", formatCurrency(c)]);
        if (o !== undefined) values.push(["Opening Price", formatCurrency(o)]);
      } else {
        const v = valueOf(volume);
        if (v !== undefined) values.push(["Volume", formatNumber(v)]);
      }
      // Beside the cursor, kept inside the chart.
      const left = Math.max(0, Math.min(param.point.x + 12, element.clientWidth - TOOLTIP_WIDTH));
      const top = Math.max(param.point.y - 70, 0);
      setHover(values.length ? { left, top, time: param.time, values } : null);
    });

    const theme = new MutationObserver(() => {
      const next = colors();
      chart.applyOptions(themeOptions());
      close.applyOptions({ color: next.close });
      open.applyOptions({ color: next.open });
      volume.applyOptions({ color: next.close });
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
    const points = (pick: (bar: NonNullable<typeof bars>[number]) => number) =>
      (bars ?? []).map((bar) => ({ time: bar.date, value: pick(bar) }));
    current.close.setData(points((bar) => Number(bar.c)));
    current.open.setData(points((bar) => Number(bar.o)));
    current.volume.setData(points((bar) => bar.v));
    const price = kind === "Price";
    current.close.applyOptions({ visible: price });
    current.open.applyOptions({ visible: price });
    current.volume.applyOptions({ visible: !price });
    current.chart.timeScale().fitContent();
    setHover(null);
  }, [bars, kind]);

  const first = bars?.[0];
  const last = bars?.at(-1);
  const description =
    first && last
      ? kind === "Price"
        ? `Line chart of ${symbol} closing and opening prices, ${range}: closed at ${formatCurrency(first.c)} on ${longLabel(first.date)} and ${formatCurrency(last.c)} on ${longLabel(last.date)}.`
        : `Line chart of ${symbol} daily volume, ${range}: ${formatNumber(first.v)} on ${longLabel(first.date)} and ${formatNumber(last.v)} on ${longLabel(last.date)}.`
      : `Chart of ${symbol}: no data for this range.`;

  return (
    <section
      aria-labelledby="chart-heading"
      className="rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="chart-heading" className="flex items-center gap-2 text-lg font-semibold">
          Historical Data for {symbol}
          {history.isFetching && !history.isPending && <Spinner size="sm" label="Updating chart" />}
        </h2>
        <div className="flex flex-wrap gap-2">
          <ToggleGroup label="Time range" options={timeRanges} value={range} onChange={setRange} />
          <ToggleGroup
            label="Chart data"
            options={["Price", "Volume"] as const}
            value={kind}
            onChange={setKind}
          />
        </div>
      </div>
      <ul className="mt-3 flex gap-4 text-xs text-muted" aria-hidden="true">
        {legends[kind].map((legend) => (
          <li key={legend.label} className="flex items-center gap-1.5">
            <span
              className={cx(
                "inline-block w-5 border-t-2",
                legend.dashed && "border-dashed",
                legend.color === "close" ? "border-primary" : "border-info",
              )}
            />
            {legend.label}
          </li>
        ))}
      </ul>
      <div className="relative mt-2">
        <div ref={container} role="img" aria-label={description} className="h-64 w-full sm:h-80" />
        {hover && (
          <div
            aria-hidden="true"
            data-testid="chart-tooltip"
            className="pointer-events-none absolute z-10 rounded-md border border-border bg-surface px-3 py-2 text-xs shadow-lg"
            style={{ left: hover.left, top: hover.top, width: TOOLTIP_WIDTH }}
          >
            <p className="font-semibold">{longLabel(hover.time)}</p>
            {hover.values.map(([label, value]) => (
              <p key={label} className="num flex justify-between gap-4">
                <span className="text-muted">{label}</span>
                <span>{value}</span>
              </p>
            ))}
          </div>
        )}
        {history.isPending ? (
          <div className="absolute inset-0 flex items-center justify-center text-primary">
            <Spinner size="md" label="Loading chart" />
          </div>
        ) : (
          !bars?.length && (
            <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
              No historical data to show for this range.
            </p>
          )
        )}
      </div>
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
