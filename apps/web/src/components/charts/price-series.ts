import type { HistoricalBar } from "@ledgerline/contracts";
import {
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
} from "lightweight-charts";
import { formatCompactNumber, formatPrice, priceDecimals } from "../../lib/format";
import { atLeastShare, type ChartPalette } from "./useLightweightChart";

/** A stock's or coin's daily bars drawn as closing and opening prices, or as volume. */
export interface PriceSeries {
  close: ISeriesApi<"Line">;
  open: ISeriesApi<"Line">;
  volume: ISeriesApi<"Histogram">;
}

export type PriceView = "price" | "volume";

export function addPriceSeries(chart: IChartApi, palette: ChartPalette): PriceSeries {
  const line = { lineWidth: 2 as const, lastValueVisible: false, priceLineVisible: false };
  return {
    close: chart.addSeries(LineSeries, { ...line, color: palette.primary }),
    open: chart.addSeries(LineSeries, {
      ...line,
      color: palette.info,
      lineStyle: LineStyle.Dashed,
    }),
    // Volume is a count per day: a bar a day from zero, on a compact axis (1.2B), never currency.
    volume: chart.addSeries(HistogramSeries, {
      color: palette.primary,
      lastValueVisible: false,
      priceLineVisible: false,
      base: 0,
      priceFormat: { type: "custom", formatter: formatCompactNumber, minMove: 1 },
    }),
  };
}

export function recolorPriceSeries(series: PriceSeries, palette: ChartPalette) {
  series.close.applyOptions({ color: palette.primary });
  series.open.applyOptions({ color: palette.info });
  series.volume.applyOptions({ color: palette.primary });
}

/**
 * Sets the bars and shows one view. Prices read at the precision the latest price needs
 * (sub-dollar coins keep their digits), on a y-range of at least 2% of their level.
 */
export function showBars(
  chart: IChartApi,
  series: PriceSeries,
  bars: readonly HistoricalBar[],
  view: PriceView,
) {
  const reference = bars.at(-1)?.c;
  const priceFormat = {
    type: "custom" as const,
    formatter: (price: number) => formatPrice(price, reference),
    minMove: 10 ** -priceDecimals(reference),
  };
  const autoscaleInfoProvider = atLeastShare(0.02);
  const price = view === "price";
  series.close.applyOptions({ priceFormat, autoscaleInfoProvider, visible: price });
  series.open.applyOptions({ priceFormat, autoscaleInfoProvider, visible: price });
  series.volume.applyOptions({ visible: !price });
  series.close.setData(bars.map((bar) => ({ time: bar.date, value: Number(bar.c) })));
  series.open.setData(bars.map((bar) => ({ time: bar.date, value: Number(bar.o) })));
  series.volume.setData(bars.map((bar) => ({ time: bar.date, value: bar.v })));
  chart.timeScale().fitContent();
}
