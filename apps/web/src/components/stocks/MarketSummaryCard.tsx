import { m } from "@ledgerline/messages";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { memo } from "react";
import { formatDateTime, formatNumber } from "../../lib/format";
import { QueryRetryPanel } from "../RouteStates";
import { MarketSummaryFrame, MarketSummaryLoading } from "./MarketSummaryLoading";
import { PercentChange } from "../assets/Change";
import { isClosedStatus, marketStatusText } from "./MarketStatus";
import { marketSummaryQuery } from "./stock-reads";

/**
 * The market at a glance (GET /api/stockdata/summary, over tRPC here): breadth, average change,
 * volume and the most active stocks. Refreshed with the watchlist.
 */
/** The market summary query (the dashboard's banner reads its status too). */
export function useMarketSummary(refreshMs: number | false) {
  return useQuery({
    ...marketSummaryQuery(),
    refetchInterval: refreshMs,
  });
}

/**
 * While the market is closed the figures are the last session's and the screen's one banner
 * says so, so the card does not repeat the status. It reads only its own query, so a live tick
 * that re-renders the dashboard leaves it alone.
 */
export const MarketSummaryCard = memo(function MarketSummaryCard({
  refreshMs,
}: {
  refreshMs: number | false;
}) {
  const summary = useMarketSummary(refreshMs);
  const data = summary.data;
  if (summary.isPending) return <MarketSummaryLoading />;
  return (
    <MarketSummaryFrame
      updated={
        data && (
          <p className="text-xs text-muted">
            {m.asset_updated({ time: formatDateTime(data.lastUpdate) })}
          </p>
        )
      }
    >
      {!data ? (
        <QueryRetryPanel
          query={summary}
          className="mt-3"
          message={m.stocks_market_summary_failed()}
        />
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {isClosedStatus(data.marketStatus)
              ? m.stocks_last_session({ count: formatNumber(data.symbolCount) })
              : m.stocks_status_across({
                  status: marketStatusText(data.marketStatus),
                  count: formatNumber(data.symbolCount),
                })}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted">{m.stocks_average_change()}</dt>
              <dd className="mt-0.5">
                <PercentChange percent={data.averageChangePercent} />
              </dd>
            </div>
            <div>
              <dt className="text-muted">{m.stocks_advancing_declining()}</dt>
              <dd className="num mt-0.5 font-semibold">
                <span className="text-gain">
                  {m.stocks_up({ count: formatNumber(data.advancers) })}
                </span>
                {" / "}
                <span className="text-loss">
                  {m.stocks_down({ count: formatNumber(data.decliners) })}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-muted">{m.stocks_total_volume()}</dt>
              <dd className="num mt-0.5 font-semibold">{formatNumber(data.totalVolume)}</dd>
            </div>
            <div>
              <dt className="text-muted">{m.stocks_most_active()}</dt>
              <dd className="mt-0.5 flex flex-wrap gap-x-2 font-semibold">
                {data.mostActive.slice(0, 3).map((mover) => (
                  <Link
                    key={mover.symbol}
                    to="/research/$symbol"
                    params={{ symbol: mover.symbol }}
                    className="text-primary hover:underline"
                  >
                    {mover.symbol}
                  </Link>
                ))}
                {data.mostActive.length === 0 && (
                  <span className="text-muted">{m.asset_not_available()}</span>
                )}
              </dd>
            </div>
          </dl>
        </>
      )}
    </MarketSummaryFrame>
  );
});
