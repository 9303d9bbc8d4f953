import type { HistoricalBar } from "@ledgerline/contracts";
import {
  ColorType,
  createChart,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type MouseEventParams,
} from "lightweight-charts";
import { useEffect, useRef, useState } from "react";
import { formatCalendarDate, formatCurrency, formatNumber } from "../../../../lib/format";
import { chartPalette, useDarkTheme } from "./chart-theme";

export type ChartData = "price" | "volume";

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 });

/** Sub-cent coins move in steps of 1e-8; the axis must be able to show them. */
function minMoveOf(bars: readonly HistoricalBar[]): number {
  return bars.some((bar) => Number(bar.c) >= 0.01) ? 0.01 : 0.00000001;
}

/**
 * The price history canvas (lightweight-charts, loaded only with this route). Price shows two
 * lines, Closing Price and Opening Price; Volume one line. The legend above it follows the
 * crosshair and otherwise shows the latest day, in the app's currency and number formats.
 */
export function PriceChart({ bars, data }: { bars: HistoricalBar[]; data: ChartData }) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<IChartApi | null>(null);
  const dark = useDarkTheme();
  const [hovered, setHovered] = useState<string | null>(null);

  useEffect(() => {
    const created = createChart(container.current!, {
      autoSize: true,
      // The built-in logo injects a <style> element, which the strict CSP refuses; the page
      // links to TradingView beneath the chart instead, as the library's licence asks.
      layout: { attributionLogo: false },
      localization: { locale: "en-US", dateFormat: "MMM dd, yyyy" },
      rightPriceScale: { borderVisible: false },
      timeScale: { borderVisible: false, fixLeftEdge: true, fixRightEdge: true },
      handleScroll: false,
      handleScale: false,
    });
    const follow = (param: MouseEventParams) =>
      setHovered(typeof param.time === "string" ? param.time : null);
    created.subscribeCrosshairMove(follow);
    chart.current = created;
    return () => {
      created.unsubscribeCrosshairMove(follow);
      created.remove();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const palette = chartPalette();
    current.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: "transparent" },
        textColor: palette.text,
        fontFamily: palette.font,
        fontSize: 12,
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    });
    const series: ISeriesApi<"Line">[] = [];
    if (data === "price") {
      const priceFormat = {
        type: "custom" as const,
        formatter: (price: number) => formatCurrency(price),
        minMove: minMoveOf(bars),
      };
      const close = current.addSeries(LineSeries, {
        color: palette.close,
        lineWidth: 2,
        priceFormat,
        priceLineVisible: false,
      });
      const open = current.addSeries(LineSeries, {
        color: palette.open,
        lineWidth: 1,
        lineStyle: LineStyle.Dashed,
        priceFormat,
        priceLineVisible: false,
        lastValueVisible: false,
      });
      close.setData(bars.map((bar) => ({ time: bar.date, value: Number(bar.c) })));
      open.setData(bars.map((bar) => ({ time: bar.date, value: Number(bar.o) })));
      series.push(close, open);
    } else {
      const volume = current.addSeries(LineSeries, {
        color: palette.volume,
        lineWidth: 2,
        priceFormat: {
          type: "custom",
          formatter: (value: number) => compact.format(value),
          minMove: 1,
        },
        priceLineVisible: false,
      });
      volume.setData(bars.map((bar) => ({ time: bar.date, value: bar.v })));
      series.push(volume);
    }
    current.timeScale().fitContent();
    return () => {
      for (const line of series) current.removeSeries(line);
    };
  }, [bars, data, dark]);

  const shown = bars.find((bar) => bar.date === hovered) ?? bars.at(-1);
  const palette = { close: "bg-primary", open: "bg-warn", volume: "bg-info" };

  return (
    <div>
      <div
        className="mb-2 flex min-h-6 flex-wrap items-center gap-x-5 gap-y-1 text-sm"
        aria-live="off"
      >
        {shown && <span className="num font-medium">{formatCalendarDate(shown.date)}</span>}
        {data === "price" ? (
          <>
            <LegendItem
              swatch={palette.close}
              label="Closing Price"
              value={shown && formatCurrency(shown.c)}
            />
            <LegendItem
              swatch={palette.open}
              label="Opening Price"
              value={shown && formatCurrency(shown.o)}
              dashed
            />
          </>
        ) : (
          <LegendItem
            swatch={palette.volume}
            label="Volume"
            value={shown && formatNumber(shown.v)}
          />
        )}
      </div>
      <div ref={container} className="h-72 w-full sm:h-96" />
      <p className="mt-2 text-right text-xs text-muted">
        Chart by{" "}
        <a
          href="https://www.tradingview.com/"
          target="_blank"
          rel="noopener noreferrer"
          className="underline hover:text-text"
        >
          TradingView Lightweight Charts
        </a>
      </p>
    </div>
  );
}

function LegendItem({
  swatch,
  label,
  value,
  dashed = false,
}: {
  swatch: string;
  label: string;
  value: string | undefined;
  dashed?: boolean;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className={`inline-block h-0.5 w-5 ${dashed ? "border-t-2 border-dashed border-warn bg-transparent" : swatch}`}
      />
      <span className="text-muted">{label}</span>
      {value && <span className="num font-semibold">{value}</span>}
    </span>
  );
}
