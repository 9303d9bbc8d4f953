import type { PortfolioHistory } from "@ledgerline/contracts";
import {
  AreaSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
} from "lightweight-charts";
import { atLeastShare, type ChartPalette } from "../../../../components/charts/useLightweightChart";
import { areaColors, axisTicks, moneyFormat, percent, plotted } from "./value-chart-figures";

/** What the value chart draws: the history's points and benchmark, as returns or as money. */
export interface ValueChartData {
  points: PortfolioHistory["points"];
  benchmark: PortfolioHistory["benchmark"];
  asReturns: boolean;
  /** What the money is in: the points are already converted to it (value-chart-money.ts). */
  currency: string;
}

export interface ValueSeries {
  value: ISeriesApi<"Area">;
  cost: ISeriesApi<"Line">;
  benchmark: ISeriesApi<"Line">;
}

/** The value's area, the cost basis's dashed line and the benchmark's dotted one. */
export function addValueSeries(chart: IChartApi, palette: ChartPalette): ValueSeries {
  const common = {
    lineWidth: 2 as const,
    priceFormat: moneyFormat(),
    lastValueVisible: false,
    priceLineVisible: false,
    // A nearly flat history is drawn flat, not as a cliff.
    autoscaleInfoProvider: atLeastShare(0.02),
  };
  const line = (lineStyle: LineStyle) =>
    chart.addSeries(LineSeries, { ...common, color: palette.muted, lineStyle });
  return {
    value: chart.addSeries(AreaSeries, { ...common, ...areaColors(palette) }),
    cost: line(LineStyle.Dashed),
    benchmark: line(LineStyle.Dotted),
  };
}

/**
 * The axis's labels without the top tick's when that tick is less than half a label's height below
 * the chart's top edge: the label is drawn centred on its tick, so its upper half was cut off
 * ("$60,000" at 1280 px). The tick's grid line stays, and every other label as it was.
 */
function uncutTopLabel(
  chart: IChartApi,
  scaleOf: ISeriesApi<"Area">,
  values: readonly number[],
  labels: string[],
): string[] {
  const room = chart.options().layout.fontSize / 2;
  return labels.map((label, i) => {
    const y = scaleOf.priceToCoordinate(values[i]!);
    return y !== null && y < room ? "" : label;
  });
}

/** Sets the points on the series, in percent or in money, and fits the range. */
export function drawValueSeries(
  chart: IChartApi,
  series: ValueSeries,
  { points, benchmark, asReturns, currency }: ValueChartData,
) {
  const priceFormat = asReturns ? percent : moneyFormat(currency);
  for (const line of [series.value, series.cost, series.benchmark]) {
    line.applyOptions({ priceFormat });
  }
  // The crosshair's label keeps the cents the tooltip shows; only the ticks drop '.00'.
  chart.applyOptions({
    localization: {
      tickmarksPriceFormatter: (values: readonly number[]) =>
        uncutTopLabel(chart, series.value, values, axisTicks(values, asReturns, currency)),
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
      points.map((p) => ({ time: p.date, value: plotted(p.totalValue, "money", currency) })),
    );
    series.cost.setData(
      points.map((p) => ({ time: p.date, value: plotted(p.costBasis, "money", currency) })),
    );
  }
  series.benchmark.setData(
    (benchmark?.points ?? []).map((p) => ({
      time: p.date,
      value: plotted(p.value, asReturns ? "percent" : "money", currency),
    })),
  );
  chart.timeScale().fitContent();
}

export function recolorValueSeries(series: ValueSeries, palette: ChartPalette) {
  series.value.applyOptions(areaColors(palette));
  series.cost.applyOptions({ color: palette.muted });
  series.benchmark.applyOptions({ color: palette.muted });
}
