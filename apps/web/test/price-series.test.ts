import { HistogramSeries, LineSeries, type IChartApi } from "lightweight-charts";
import { describe, expect, it } from "vitest";
import { addPriceSeries } from "../src/components/charts/price-series";
import type { ChartPalette } from "../src/components/charts/useLightweightChart";

/** A chart that records the series asked of it: their kind and options. */
function recordingChart() {
  const added: { definition: unknown; options: Record<string, unknown> }[] = [];
  const chart = {
    addSeries: (definition: unknown, options: Record<string, unknown>) => {
      added.push({ definition, options });
      return {};
    },
  } as unknown as IChartApi;
  return { chart, added };
}

describe("a stock's or coin's chart series", () => {
  it("draws volume as a bar a day on a compact axis (1.2B), prices as lines", () => {
    const { chart, added } = recordingChart();
    addPriceSeries(chart, { primary: "#00f", info: "#0ff" } as ChartPalette);
    const [close, open, volume] = added;
    expect(close?.definition).toBe(LineSeries);
    expect(open?.definition).toBe(LineSeries);
    expect(volume?.definition).toBe(HistogramSeries);
    const format = volume?.options.priceFormat as { formatter: (value: number) => string };
    expect(format.formatter(1_200_000_000)).toBe("1.2B");
    expect(format.formatter(12_345_678)).toBe("12.35M");
  });
});
