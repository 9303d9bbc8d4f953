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
import { formatLocale } from "../../lib/format";
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
  // Sized by followSize: the library's own autoSize repaints the whole chart synchronously in its
  // resize observer's first callback whenever the frame's width is odd or fractional (it keeps
  // an even width), a second full paint right after the first.
  autoSize: false,
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
  localization: { timeFormatter: longLabel },
  rightPriceScale: { scaleMargins: { top: 0.12, bottom: 0.08 } },
  timeScale: { tickMarkFormatter: tickLabel, fixLeftEdge: true, fixRightEdge: true },
};

/** The app's options, the theme's and the size, in one set: each applied later is a redraw. */
function chartOptions(palette: ChartPalette, size: Size): DeepPartial<TimeChartOptions> {
  const theme = themeOptions(palette);
  return {
    ...baseOptions,
    // The user's locale, read when the chart is made: the app remakes its screens on a change.
    localization: { ...baseOptions.localization, locale: formatLocale() },
    ...theme,
    ...size,
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

interface Size {
  width: number;
  height: number;
}

/** The frame's size in whole pixels, as the library draws it. */
function sizeOf(element: HTMLElement): Size {
  const { width, height } = element.getBoundingClientRect();
  return { width: Math.floor(width), height: Math.floor(height) };
}

/** Resizes the chart when its frame changes size (a turned phone); the redraw waits for a frame. */
function followSize(chart: IChartApi, element: HTMLElement, drawn: Size): () => void {
  let last = drawn;
  const observer = new ResizeObserver(() => {
    const next = sizeOf(element);
    if (next.width === last.width && next.height === last.height) return;
    last = next;
    chart.resize(next.width, next.height);
  });
  observer.observe(element);
  return () => observer.disconnect();
}

interface Callbacks<S, D> {
  setup: (chart: IChartApi, palette: ChartPalette) => S;
  /** Sets `data` on the series: with the chart's creation, then whenever `data` changes. */
  draw: (chart: IChartApi, series: S, data: D) => void;
  recolor?: (series: S, palette: ChartPalette) => void;
  onCrosshair?: (param: MouseEventParams<Time>, series: S, element: HTMLDivElement) => void;
}

export interface LightweightChart<S> {
  chart: IChartApi;
  series: S;
}

/**
 * The one way the app draws a chart: creates it in `container` with the app's options and
 * theme, lets `setup` add the series and `draw` set `data` on them, follows the light/dark
 * toggle (`recolor`) and the frame's size, reports the crosshair (moved by a mouse, or by a tap
 * on a phone), and disposes of everything when the component goes. `data` is undefined while it
 * loads; a new value (keep it memoised) is drawn again.
 *
 * The chart is made once its data is there and its container comes near the viewport, after
 * first paint, in one idle moment: the chart at its frame's size, its series and their data
 * together, so the library lays out and paints it once, with its final axes, instead of an empty
 * chart first and then again with the data (each a long task on a phone).
 * Returns the chart and its series once they exist (null before: the caller shows a skeleton in
 * the frame).
 */
export function useLightweightChart<S, D>({
  container,
  data,
  ...latest
}: Callbacks<S, D> & {
  container: RefObject<HTMLDivElement | null>;
  data: D | undefined;
}): LightweightChart<S> | null {
  const [created, setCreated] = useState<LightweightChart<S> | null>(null);
  // Made once the data first arrives; later loads keep the chart and draw their data into it.
  const [ready, setReady] = useState(data !== undefined);
  if (data !== undefined && !ready) setReady(true);
  // The callbacks and data of the latest render, without re-creating the chart when they change.
  const callbacks = useRef({ ...latest, data });
  useEffect(() => {
    callbacks.current = { ...latest, data };
  });
  // The data the chart shows, so the data it was made with is not set a second time.
  const drawnData = useRef<D | undefined>(undefined);
  const repin = useRef(() => {});

  useEffect(() => {
    const element = container.current;
    if (!ready || !element) return;
    let chart: IChartApi | undefined;
    let release = () => {};
    const cancel = whenShownInIdleSteps(element, [
      () => {
        // After first paint, the layout is done: the frame has its final size.
        const size = sizeOf(element);
        const palette = readPalette();
        chart = createChart(element, chartOptions(palette, size));
        const followed = follow(chart, palette, element, callbacks, setCreated, drawnData);
        repin.current = followed.repin;
        const unsize = followSize(chart, element, size);
        release = () => {
          unsize();
          followed.undo();
        };
      },
    ]);
    return () => {
      cancel();
      release();
      chart?.remove();
      repin.current = () => {};
      drawnData.current = undefined;
      setCreated(null);
    };
  }, [container, ready]);

  useEffect(() => {
    if (!created || data === undefined || drawnData.current === data) return;
    drawnData.current = data;
    callbacks.current.draw(created.chart, created.series, data);
    // A tapped day stays tapped across new data (a refetch, a range with that day in it).
    repin.current();
  }, [created, data]);

  return created;
}

/**
 * What the crosshair shows at `time`, as the library reports a hover there (null when no shown
 * series has a value that day); moves the crosshair there too.
 */
function crosshairAt(chart: IChartApi, time: Time): MouseEventParams<Time> | null {
  const index = chart.timeScale().timeToIndex(time, false);
  const x = chart.timeScale().timeToCoordinate(time);
  if (index === null || x === null) return null;
  const seriesData: MouseEventParams<Time>["seriesData"] = new Map();
  for (const line of chart.panes().flatMap((pane) => pane.getSeries())) {
    const item = line.dataByIndex(index);
    if (item) seriesData.set(line, item);
  }
  const shown = [...seriesData].find(([line]) => line.options().visible);
  if (!shown || !("value" in shown[1])) return null;
  const y = shown[0].priceToCoordinate(shown[1].value);
  if (y === null) return null;
  chart.setCrosshairPosition(shown[1].value, time, shown[0]);
  return { time, point: { x, y }, seriesData };
}

/**
 * Adds the series with their data, wires the crosshair, taps and theme to `chart`; returns their
 * undoing, and `repin`, which puts a tapped crosshair back on its day after new data.
 */
function follow<S, D>(
  chart: IChartApi,
  palette: ChartPalette,
  element: HTMLDivElement,
  latest: RefObject<Callbacks<S, D> & { data: D | undefined }>,
  setCreated: (created: LightweightChart<S>) => void,
  drawnData: RefObject<D | undefined>,
) {
  const series = latest.current.setup(chart, palette);
  const { data } = latest.current;
  if (data !== undefined) {
    latest.current.draw(chart, series, data);
    drawnData.current = data;
  }
  const report = (param: MouseEventParams<Time>) =>
    latest.current.onCrosshair?.(param, series, element);
  // The day a touch tapped: it stays until a touch elsewhere (or a mouse moves). The library
  // moves or clears the crosshair of its own accord after a tap: new data re-reads the day under
  // the crosshair's pixel (another day once the time scale is fitted again), and a touch it took
  // for a long press (held 240 ms, which a busy phone can make of a tap) puts it in a tracking
  // mode that the next touch's end leaves by clearing the crosshair with no point.
  let pinned: Time | null = null;
  const repin = () => {
    const param = pinned === null ? null : crosshairAt(chart, pinned);
    if (param) report(param);
    else if (pinned !== null) unpin();
  };
  const unpin = () => {
    pinned = null;
    chart.clearCrosshairPosition();
    report({ seriesData: new Map() });
  };
  const moved = (param: MouseEventParams<Time>) => {
    // A finger held on the chart drags the crosshair: the day it rests on is tapped.
    const touched = pointer !== "mouse" && param.sourceEvent !== undefined;
    if (touched && param.point && param.time !== undefined) pinned = param.time;
    if (pinned === null || touched) report(param);
    else repin();
  };
  chart.subscribeCrosshairMove(moved);
  let pointer = "mouse";
  // To the library a tap on a phone is a click, not a crosshair move (only a long press moves
  // it): the tapped day is drawn and reported as a hover would be.
  const tap = (param: MouseEventParams<Time>) => {
    const shown = [...param.seriesData].find(([line]) => line.options().visible);
    if (param.time !== undefined && shown && "value" in shown[1]) {
      chart.setCrosshairPosition(shown[1].value, param.time, shown[0]);
      if (pointer !== "mouse") pinned = param.time;
    }
    report(param);
  };
  chart.subscribeClick(tap);
  // A touch anywhere else takes the tapped day away; a mouse leaving the chart already does.
  const down = (event: PointerEvent) => {
    pointer = event.pointerType;
    if (event.pointerType === "mouse" || element.contains(event.target as Node)) return;
    unpin();
  };
  document.addEventListener("pointerdown", down, true);
  // A mouse on the chart shows the day under it again.
  const hover = (event: PointerEvent) => {
    if (event.pointerType === "mouse") pinned = null;
  };
  element.addEventListener("pointermove", hover);
  const theme = new MutationObserver(() => {
    const next = readPalette();
    chart.applyOptions(themeOptions(next));
    latest.current.recolor?.(series, next);
  });
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  setCreated({ chart, series });
  const undo = () => {
    theme.disconnect();
    chart.unsubscribeCrosshairMove(moved);
    chart.unsubscribeClick(tap);
    document.removeEventListener("pointerdown", down, true);
    element.removeEventListener("pointermove", hover);
  };
  return { undo, repin };
}
