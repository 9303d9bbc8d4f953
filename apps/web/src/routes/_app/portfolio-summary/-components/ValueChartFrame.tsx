import { m } from "@ledgerline/messages";
import type { RefObject } from "react";
import { ChartMessage, ChartTooltip } from "../../../../components/charts/ChartParts";
import { longLabel } from "../../../../components/charts/chart-time";
import { Skeleton } from "../../../../components/RouteStates";
import { cx } from "../../../../components/ui/cx";
import { Spinner } from "../../../../components/ui/Spinner";
import type { Hover } from "./useValueChartDrawing";

/**
 * The chart's frame: the chart (an image to a screen reader, described), its skeleton, tooltip
 * and loading spinner, or the message taking its place when there is nothing to chart.
 */
export function ValueChartFrame({
  container,
  description,
  drawn,
  hover,
  pending,
  emptyMessage,
}: {
  container: RefObject<HTMLDivElement | null>;
  description: string;
  drawn: boolean;
  /** The tooltip, when it was read from the points shown. */
  hover: Hover | null;
  pending: boolean;
  /** What takes the chart's place; none while there is something to chart. */
  emptyMessage: string | null;
}) {
  const empty = emptyMessage !== null;
  return (
    // Busy until the chart is made: it is drawn once near the screen, in idle moments.
    <div className="relative mt-2" aria-busy={!drawn && !empty}>
      <div
        ref={container}
        role="img"
        aria-label={description}
        className={cx("h-64 w-full sm:h-72", empty && "hidden")}
      />
      {!drawn && !empty && <Skeleton className="absolute inset-0" />}
      {hover && !empty && (
        <ChartTooltip place={hover.place} title={longLabel(hover.time)} rows={hover.rows} />
      )}
      {pending && (
        <div className="absolute inset-0 flex items-center justify-center text-primary">
          <Spinner size="md" label={m.summary_loading_chart()} />
        </div>
      )}
      {empty && <ChartMessage className="h-40">{emptyMessage}</ChartMessage>}
    </div>
  );
}
