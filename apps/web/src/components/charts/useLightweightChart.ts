import {
  ColorType,
  createChart,
  CrosshairMode,
  type AutoscaleInfo,
  type DeepPartial,
  type IChartApi,
  type MouseEventParams,
  type Time,
  type TimeChartOptions,
} from "lightweight-charts";
import { useEffect, useRef, useState, type RefObject } from "react";
import { longLabel, tickLabel } from "./chart-time";
import { whenShownInIdleSteps } from "./idle-steps";

/** The design tokens a canvas needs, read from the page's CSS variables (light or dark). */
export interface ChartPalette {
  text: string;
  grid: string;
  surface: string;
  primary: string;
  info: string;
  muted: string;
}

function readPalette(): ChartPalette {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    text: token("--text-muted"),
    grid: token("--border"),
    surface: token("--surface"),
    primary: token("--primary"),
    info: token("--info"),
    muted: token("--text-muted"),
  };
}

function themeOptions(palette: ChartPalette): DeepPartial<TimeChartOptions> {
  return {
    layout: {
      background: { type: ColorType.Solid, color: palette.surface },
      textColor: palette.text,
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    rightPriceScale: { borderColor: palette.grid },
    timeScale: { borderColor: palette.grid },
  };
}

const baseOptions: DeepPartial<TimeChartOptions> = {
  autoSize: true,
  layout: {
    fontFamily: "ui-sans-serif, system-ui, sans-serif",
    fontSize: 11,
    // The built-in logo injects a <style> element, which the strict CSP refuses; the attribution
    // the licence asks for is given under each chart instead (ChartAttribution).
    attributionLogo: false,
  },
  crosshair: { mode: CrosshairMode.Magnet },
  handleScroll: false,
  // Pinch and drag do not zoom: a phone's touches are for the page's scroll and the tooltip.
  handleScale: false,
  localization: { locale: "en-US", timeFormatter: longLabel },
  rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
  timeScale: { tickMarkFormatter: tickLabel, fixLeftEdge: true, fixRightEdge: true },
};

/** The app's options and the theme's, in one set: each applied later is another full redraw. */
function chartOptions(palette: ChartPalette): DeepPartial<TimeChartOptions> {
  const theme = themeOptions(palette);
  return {
    ...baseOptions,
    ...theme,
    layout: { ...baseOptions.layout, ...theme.layout },
    rightPriceScale: { ...baseOptions.rightPriceScale, ...theme.rightPriceScale },
    timeScale: { ...baseOptions.timeScale, ...theme.timeScale },
  };
}

/**
 * A y-range of at least `share` of the values' level, so a nearly flat series (a $1.77 move in a
 * $10,000 portfolio) is drawn flat, not as a cliff from the top of the chart to the bottom.
 */
export function atLeastShare(share: number) {
  return (original: () => AutoscaleInfo | null): AutoscaleInfo | null => {
    const info = original();
    if (!info?.priceRange) return info;
    const { minValue, maxValue } = info.priceRange;
    const middle = (minValue + maxValue) / 2;
    const floor = Math.abs(middle) * share;
    if (maxValue - minValue >= floor || floor === 0) return info;
    return {
      ...info,
      priceRange: { minValue: middle - floor / 2, maxValue: middle + floor / 2 },
    };
  };
}

interface Callbacks<S> {
  setup: (chart: IChartApi, palette: ChartPalette) => S;
  recolor?: (series: S, palette: ChartPalette) => void;
  onCrosshair?: (param: MouseEventParams<Time>, series: S, element: HTMLDivElement) => void;
}

export interface LightweightChart<S> {
  chart: IChartApi;
  series: S;
}

/**
 * The one way the app draws a chart: creates it in `container` with the app's options and
 * theme, lets `setup` add the series, follows the light/dark toggle (`recolor`), reports the
 * crosshair (moved by a mouse, or by a tap on a phone), and disposes of everything when the
 * component goes. The chart is created when its container comes near the viewport, after first
 * paint, in idle moments (the chart, then its series), so a page's boot has no long task for it.
 * Returns the chart and its series once they exist (null before: the caller shows a skeleton in
 * the frame), so callers set data in an effect of their own.
 */
export function useLightweightChart<S>({
  container,
  setup,
  recolor,
  onCrosshair,
}: Callbacks<S> & { container: RefObject<HTMLDivElement | null> }): LightweightChart<S> | null {
  const [created, setCreated] = useState<LightweightChart<S> | null>(null);
  // The callbacks of the latest render, without re-creating the chart when they change.
  const callbacks = useRef({ setup, recolor, onCrosshair });
  useEffect(() => {
    callbacks.current = { setup, recolor, onCrosshair };
  });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let chart: IChartApi | undefined;
    let release = () => {};
    const cancel = whenShownInIdleSteps(element, [
      () => {
        // Creating it reads the container's size: after first paint, the layout is already done.
        chart = createChart(element, chartOptions(readPalette()));
      },
      () => {
        if (!chart) return;
        release = follow(chart, element, callbacks, setCreated);
      },
    ]);
    return () => {
      cancel();
      release();
      chart?.remove();
      setCreated(null);
    };
  }, [container]);

  return created;
}

/** Adds the series, wires the crosshair, taps and theme to `chart`; returns their undoing. */
function follow<S>(
  chart: IChartApi,
  element: HTMLDivElement,
  latest: RefObject<Callbacks<S>>,
  setCreated: (created: LightweightChart<S>) => void,
) {
  const palette = readPalette();
  const series = latest.current.setup(chart, palette);
  const report = (param: MouseEventParams<Time>) =>
    latest.current.onCrosshair?.(param, series, element);
  chart.subscribeCrosshairMove(report);
  // To the library a tap on a phone is a click, not a crosshair move (only a long press moves
  // it): the tapped day is drawn and reported as a hover would be.
  const tap = (param: MouseEventParams<Time>) => {
    const shown = [...param.seriesData].find(([line]) => line.options().visible);
    if (param.time !== undefined && shown && "value" in shown[1])
      chart.setCrosshairPosition(shown[1].value, param.time, shown[0]);
    report(param);
  };
  chart.subscribeClick(tap);
  // A touch anywhere else takes the tapped day away; a mouse leaving the chart already does.
  const away = (event: PointerEvent) => {
    if (event.pointerType === "mouse" || element.contains(event.target as Node)) return;
    chart.clearCrosshairPosition();
    report({ seriesData: new Map() });
  };
  document.addEventListener("pointerdown", away);
  const theme = new MutationObserver(() => {
    const next = readPalette();
    chart.applyOptions(themeOptions(next));
    latest.current.recolor?.(series, next);
  });
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  setCreated({ chart, series });
  return () => {
    theme.disconnect();
    chart.unsubscribeCrosshairMove(report);
    chart.unsubscribeClick(tap);
    document.removeEventListener("pointerdown", away);
  };
}
