import { m } from "@ledgerline/messages";
import { DEFAULT_TIME_RANGE } from "@ledgerline/contracts/browser";
import type { TimeRange } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { HistogramData, ISeriesApi, LineData, Time } from "lightweight-charts";
import { memo, useMemo, useRef, useState } from "react";
import {
  ChartAttribution,
  ChartTooltip,
  HistoryToggles,
  tooltipPlace,
  type HistoryData,
  type TooltipPlace,
} from "../../../../components/charts/ChartParts";
import { longLabel } from "../../../../components/charts/chart-time";
import {
  addPriceSeries,
  recolorPriceSeries,
  showBars,
} from "../../../../components/charts/price-series";
import { useLightweightChart } from "../../../../components/charts/useLightweightChart";
import { Skeleton } from "../../../../components/RouteStates";
import { Spinner } from "../../../../components/ui/Spinner";
import { cx } from "../../../../components/ui/cx";
import { formatNumber, formatPrice } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import { Panel } from "../../../../components/ui/Panel";

type DataKind = HistoryData;

interface Hover {
  /** The data it was read from: a tooltip of other data is not shown. */
  of: { bars: unknown; kind: DataKind };
  place: TooltipPlace;
  time: Time;
  values: [label: string, value: string][];
}

const legends: Record<DataKind, { label: string; color: "close" | "open"; dashed?: boolean }[]> = {
  price: [
    { label: m.asset_closing_price(), color: "close" },
    { label: m.asset_opening_price(), color: "open", dashed: true },
  ],
  volume: [{ label: m.asset_volume(), color: "close" }],
};

/**
 * 'Historical Data for {symbol}': closing and opening prices (or volume) over 1W to 1Y, default
 * 1M, drawn with lightweight-charts (loaded only with this component). The decimal strings of
 * the API become numbers here, for plotting only. Memoised: a live tick re-renders the page,
 * not the chart.
 */
export default memo(function PriceChart({ symbol }: { symbol: string }) {
  const [range, setRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);
  const [kind, setKind] = useState<DataKind>("price");
  const [hover, setHover] = useState<Hover | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const history = useQuery({
    ...trpc.market.history.queryOptions({ symbol, range }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  const bars = history.data;
  // Drawn once loaded; a failed load draws an empty chart under its message.
  const drawnBars = useMemo(
    () => (history.isPending ? undefined : { bars: bars ?? [], view: kind }),
    [history.isPending, bars, kind],
  );

  const drawn = useLightweightChart({
    container,
    data: drawnBars,
    setup: addPriceSeries,
    draw: (chart, series, { bars, view }) => showBars(chart, series, bars, view),
    recolor: recolorPriceSeries,
    onCrosshair: (param, series, element) => {
      if (!param.point || param.time === undefined) return setHover(null);
      const valueOf = (line: ISeriesApi<"Line"> | ISeriesApi<"Histogram">) =>
        (param.seriesData.get(line) as LineData | HistogramData | undefined)?.value;
      const values: Hover["values"] = [];
      if (series.close.options().visible) {
        const reference = String(valueOf(series.close) ?? "");
        for (const [label, line] of [
          [m.asset_closing_price(), series.close],
          [m.asset_opening_price(), series.open],
        ] as const) {
          const value = valueOf(line);
          if (value !== undefined) values.push([label, formatPrice(value, reference)]);
        }
      } else {
        const volume = valueOf(series.volume);
        if (volume !== undefined) values.push([m.asset_volume(), formatNumber(volume)]);
      }
      setHover(
        values.length
          ? {
              of: { bars, kind },
              place: tooltipPlace(param.point, element),
              time: param.time,
              values,
            }
          : null,
      );
    },
  });

  const first = bars?.[0];
  const last = bars?.at(-1);
  const description =
    first && last
      ? kind === "price"
        ? m.research_chart_price({
            symbol,
            range,
            first: formatPrice(first.c),
            firstDate: longLabel(first.date),
            last: formatPrice(last.c),
            lastDate: longLabel(last.date),
          })
        : m.research_chart_volume({
            symbol,
            range,
            first: formatNumber(first.v),
            firstDate: longLabel(first.date),
            last: formatNumber(last.v),
            lastDate: longLabel(last.date),
          })
      : m.research_chart_no_data({ symbol });

  return (
    <Panel
      titleId="chart-heading"
      title={m.asset_historical_data({ symbol })}
      updating={history.isFetching && !history.isPending && m.research_updating_chart()}
      controls={<HistoryToggles range={range} onRange={setRange} data={kind} onData={setKind} />}
    >
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
      {/* Busy until the chart is made: it is drawn once near the screen, in idle moments. */}
      <div className="relative mt-2" aria-busy={!drawn}>
        <div ref={container} role="img" aria-label={description} className="h-64 w-full sm:h-80" />
        {!drawn && <Skeleton className="absolute inset-0" />}
        {hover && hover.of.bars === bars && hover.of.kind === kind && (
          <ChartTooltip place={hover.place} title={longLabel(hover.time)} rows={hover.values} />
        )}
        {history.isPending ? (
          <div className="absolute inset-0 flex items-center justify-center text-primary">
            <Spinner size="md" label={m.asset_loading_chart()} />
          </div>
        ) : (
          !bars?.length && (
            <p className="absolute inset-0 flex items-center justify-center bg-surface text-sm text-muted">
              {m.research_no_history()}
            </p>
          )
        )}
      </div>
      <ChartAttribution />
    </Panel>
  );
});
