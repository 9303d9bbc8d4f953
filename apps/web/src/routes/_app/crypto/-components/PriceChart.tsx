import { m } from "@ledgerline/messages";
import type { HistoricalBar } from "@ledgerline/contracts";
import { useMemo, useRef, useState } from "react";
import { ChartAttribution } from "../../../../components/charts/ChartParts";
import {
  addPriceSeries,
  recolorPriceSeries,
  showBars,
  type PriceView,
} from "../../../../components/charts/price-series";
import { useLightweightChart } from "../../../../components/charts/useLightweightChart";
import { Skeleton } from "../../../../components/RouteStates";
import { formatCalendarDate, formatNumber, formatPrice } from "../../../../lib/format";

export type ChartData = PriceView;

/**
 * The price history canvas (lightweight-charts, loaded only with this route). Price shows two
 * lines, Closing Price and Opening Price, at the precision the coin's price needs; Volume one
 * line on a compact count axis. The legend above it follows the crosshair (a tap on a phone) and
 * otherwise shows the latest day.
 */
export function PriceChart({ bars, data }: { bars: HistoricalBar[]; data: ChartData }) {
  const container = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const reference = bars.at(-1)?.c;

  const drawnBars = useMemo(() => ({ bars, data }), [bars, data]);
  const drawn = useLightweightChart({
    container,
    data: drawnBars,
    setup: addPriceSeries,
    draw: (chart, series, { bars, data }) => showBars(chart, series, bars, data),
    recolor: recolorPriceSeries,
    onCrosshair: (param) => setHovered(typeof param.time === "string" ? param.time : null),
  });

  const shown = bars.find((bar) => bar.date === hovered) ?? bars.at(-1);

  return (
    <div>
      <div
        data-testid="chart-legend"
        className="mb-2 flex min-h-6 flex-wrap items-center gap-x-5 gap-y-1 text-sm"
        aria-live="off"
      >
        {shown && <span className="num font-medium">{formatCalendarDate(shown.date)}</span>}
        {data === "price" ? (
          <>
            <LegendItem
              swatch="border-primary"
              label={m.asset_closing_price()}
              value={shown && formatPrice(shown.c, reference)}
            />
            <LegendItem
              swatch="border-info border-dashed"
              label={m.asset_opening_price()}
              value={shown && formatPrice(shown.o, reference)}
            />
          </>
        ) : (
          <LegendItem
            swatch="border-info"
            label={m.asset_volume()}
            value={shown && formatNumber(shown.v)}
          />
        )}
      </div>
      {/* Busy until the chart is made: it is drawn once near the screen, in idle moments. */}
      <div className="relative" aria-busy={!drawn}>
        <div ref={container} className="h-72 w-full sm:h-96" />
        {!drawn && <Skeleton className="absolute inset-0" />}
      </div>
      <ChartAttribution />
    </div>
  );
}

function LegendItem({
  swatch,
  label,
  value,
}: {
  swatch: string;
  label: string;
  value: string | undefined;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={`inline-block w-5 border-t-2 ${swatch}`} />
      <span className="text-muted">{label}</span>
      {value && <span className="num font-semibold">{value}</span>}
    </span>
  );
}
