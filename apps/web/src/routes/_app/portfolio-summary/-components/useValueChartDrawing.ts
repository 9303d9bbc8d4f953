import type { BenchmarkBasis } from "@ledgerline/contracts/browser";
import type { PortfolioHistory } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import type { ISeriesApi, LineData, MouseEventParams, Time } from "lightweight-charts";
import { useMemo, useState, type RefObject } from "react";
import { tooltipPlace, type TooltipPlace } from "../../../../components/charts/ChartParts";
import { useLightweightChart } from "../../../../components/charts/useLightweightChart";
import { formatMoney, formatRatio } from "../../../../lib/format";
import { basisLabels } from "./value-chart-figures";
import { rateRow, type ChartMoney } from "./value-chart-money";
import {
  addValueSeries,
  drawValueSeries,
  recolorValueSeries,
  type ValueSeries,
} from "./value-chart-series";

export interface Hover {
  /** The points it was read from: a tooltip of other points is not shown. */
  of: unknown;
  place: TooltipPlace;
  time: Time;
  rows: [label: string, value: string][];
}

/**
 * The tooltip's rows at the crosshair: the value (or return), its cash, cost and benchmark, and
 * in another currency than USD the day's rate they were converted at.
 */
function hoverRows(
  param: MouseEventParams<Time>,
  series: ValueSeries,
  points: PortfolioHistory["points"] | undefined,
  shown: BenchmarkBasis,
  money: ChartMoney,
): Hover["rows"] {
  const asReturns = shown === "return";
  const at = (line: ISeriesApi<"Area"> | ISeriesApi<"Line">) =>
    (param.seriesData.get(line) as LineData | undefined)?.value;
  const show = (value: number) =>
    asReturns ? formatRatio(String(value / 100)) : formatMoney(value, money.currency);
  const rows: Hover["rows"] = [];
  const [value, cost, benchmark] = [at(series.value), at(series.cost), at(series.benchmark)];
  if (value !== undefined)
    rows.push([asReturns ? m.summary_tooltip_return() : m.summary_legend_value(), show(value)]);
  // A cash-tracked account's cash is inside its value: say how much of it.
  const cash = asReturns ? undefined : points?.find((p) => p.date === param.time)?.cashValue;
  if (cash !== undefined) rows.push([m.summary_tooltip_cash(), formatMoney(cash, money.currency)]);
  if (cost !== undefined) rows.push([m.summary_cost_basis(), show(cost)]);
  if (benchmark !== undefined) rows.push([basisLabels[shown].row(), show(benchmark)]);
  // The points are dated by day ('YYYY-MM-DD'), so the crosshair's time is that text.
  const day = typeof param.time === "string" ? param.time : undefined;
  const rate = asReturns || rows.length === 0 || !day ? undefined : rateRow(money, day);
  if (rate) rows.push(rate);
  return rows;
}

/**
 * Draws the history into `container` once it is loaded (what is drawn follows the answer, as
 * `shown` says; its money already in `money.currency`), and follows the crosshair: whether the
 * chart is drawn, and the hover.
 */
export function useValueChartDrawing(
  container: RefObject<HTMLDivElement | null>,
  pending: boolean,
  history: PortfolioHistory | undefined,
  shown: BenchmarkBasis,
  money: ChartMoney,
) {
  const [hover, setHover] = useState<Hover | null>(null);
  const points = history?.points;
  const benchmarkLine = history?.benchmark ?? null;
  const asReturns = shown === "return";
  const currency = money.currency;
  const drawnPoints = useMemo(
    () =>
      pending ? undefined : { points: points ?? [], benchmark: benchmarkLine, asReturns, currency },
    [pending, points, benchmarkLine, asReturns, currency],
  );
  const drawn = useLightweightChart({
    container,
    data: drawnPoints,
    setup: addValueSeries,
    draw: drawValueSeries,
    recolor: recolorValueSeries,
    onCrosshair: (param, series, element) => {
      if (!param.point || param.time === undefined) return setHover(null);
      const rows = hoverRows(param, series, points, shown, money);
      setHover({ of: points, place: tooltipPlace(param.point, element), time: param.time, rows });
    },
  });
  return { drawn, hover };
}
