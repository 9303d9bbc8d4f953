import { m } from "@ledgerline/messages";
import { DEFAULT_TIME_RANGE } from "@ledgerline/contracts/browser";
import type { TimeRange } from "@ledgerline/contracts";
import { percent, subtract } from "@ledgerline/money";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, memo, Suspense, useState } from "react";
import { HistoryToggles } from "../../../../components/charts/ChartParts";
import { Skeleton } from "../../../../components/RouteStates";
import { Button } from "../../../../components/ui/Button";
import { Spinner } from "../../../../components/ui/Spinner";
import { firstPaint } from "../../../../lib/first-paint";
import { formatCalendarDate, formatPercent, formatPrice } from "../../../../lib/format";
import { trpc } from "../../../../lib/trpc";
import type { ChartData } from "./PriceChart";
import { Panel } from "../../../../components/ui/Panel";

// The chart library loads after the page's own content has painted, in a chunk of its own.
const PriceChart = lazy(() =>
  firstPaint.then(() => import("./PriceChart")).then(({ PriceChart }) => ({ default: PriceChart })),
);

/**
 * 'Historical Data for {symbol}': daily bars over 1W, 1M (default), 3M, 6M or 1Y, as price (closing
 * and opening) or volume. The previous range stays on screen while the next one loads. Memoised:
 * a live tick re-renders the coin's page, not its chart.
 */
export const PriceHistory = memo(function PriceHistory({ symbol }: { symbol: string }) {
  const [range, setRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);
  const [data, setData] = useState<ChartData>("price");
  const history = useQuery({
    ...trpc.crypto.history.queryOptions({ symbol, range }),
    placeholderData: keepPreviousData,
  });
  const bars = history.data ?? [];
  const first = bars[0];
  const last = bars.at(-1);
  const change =
    first && last ? (percent(subtract(last.c, first.c), first.c, 2) ?? undefined) : undefined;

  return (
    <Panel
      titleId="crypto-history-heading"
      title={m.asset_historical_data({ symbol })}
      className="sm:p-6"
      headerClassName="mb-4 gap-3"
      controls={<HistoryToggles range={range} onRange={setRange} data={data} onData={setData} />}
    >
      {first && last && (
        <p className="mb-3 text-sm text-muted">
          {m.crypto_closed_at({
            symbol,
            last: formatPrice(last.c),
            lastDate: formatCalendarDate(last.date),
            first: formatPrice(first.c, last.c),
            firstDate: formatCalendarDate(first.date),
            change: change === undefined ? "" : ` (${formatPercent(change)})`,
          })}
        </p>
      )}
      <div className="relative" aria-busy={history.isFetching}>
        {history.isError && !history.data ? (
          <div className="flex h-72 flex-col items-center justify-center gap-3 text-sm text-muted sm:h-96">
            <p>{m.crypto_history_unavailable()}</p>
            <Button
              variant="secondary"
              busy={history.isFetching}
              onClick={() => void history.refetch()}
            >
              {m.asset_retry()}
            </Button>
          </div>
        ) : history.isPending ? (
          <ChartSkeleton label={m.asset_loading_history({ range })} />
        ) : (
          <Suspense fallback={<ChartSkeleton label={m.asset_loading_chart()} />}>
            <PriceChart bars={bars} data={data} />
          </Suspense>
        )}
        {history.isFetching && !history.isPending && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center text-primary">
            <Spinner size="md" label={m.asset_loading_history({ range })} />
          </div>
        )}
      </div>
    </Panel>
  );
});

/** The chart's legend, canvas and attribution as grey blocks of their sizes. */
function ChartSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="mb-2 h-6 w-80 max-w-full" />
      <Skeleton className="h-72 sm:h-96" />
      <div className="mt-2 h-4" />
    </div>
  );
}
