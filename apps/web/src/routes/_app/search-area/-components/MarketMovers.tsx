import { m } from "@ledgerline/messages";
import type { MarketMover } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { memo, useDeferredValue } from "react";
import { PercentChange } from "../../../../components/assets/Change";
import { LoadingPanel } from "../../../../components/LoadingPanel";
import { QueryRetryPanel } from "../../../../components/RouteStates";
import { formatCurrency, formatDateTime, formatNumber } from "../../../../lib/format";
import { errorMessage, trpc } from "../../../../lib/trpc";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";

function MoversTable({ title, movers }: { title: string; movers: MarketMover[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-surface">
      <table className="w-full text-sm">
        <caption className="px-3 pt-3 pb-2 text-left text-base font-semibold sm:px-4">
          {title}
        </caption>
        <ColumnHeads
          className="bg-surface-muted text-xs tracking-wide whitespace-nowrap text-muted uppercase"
          rowClassName=""
          cell="px-2 py-2 sm:px-4 font-semibold"
          gap=""
          columns={[
            { label: m.asset_symbol(), className: "text-left" },
            ...[m.asset_price(), m.search_change_percent(), m.asset_volume()].map((label) => ({
              label,
              numeric: true,
            })),
          ]}
        />
        <tbody className="divide-y divide-border">
          {movers.map((mover) => (
            <tr key={mover.symbol} className="hover:bg-surface-muted/60">
              <th scope="row" className="px-2 py-2 sm:px-4 text-left font-semibold">
                <Link
                  to="/research/$symbol"
                  params={{ symbol: mover.symbol }}
                  className="text-primary hover:underline"
                >
                  {mover.symbol}
                </Link>
              </th>
              <td className="num px-2 py-2 sm:px-4 text-right">{formatCurrency(mover.price)}</td>
              <td className="px-2 py-2 sm:px-4 text-right">
                <PercentChange percent={mover.changePercent} />
              </td>
              <td className="num px-2 py-2 sm:px-4 text-right">{formatNumber(mover.volume)}</td>
            </tr>
          ))}
          {movers.length === 0 && (
            <tr>
              <td colSpan={4} className="px-4 py-6 text-center text-muted">
                {m.search_none_today()}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The movers, refreshed with the watchlist (the search page's banner reads their status too). */
export function useMarketMovers(refreshMs: number) {
  return useQuery({
    ...trpc.market.movers.queryOptions(),
    staleTime: 0,
    refetchInterval: refreshMs,
  });
}

/**
 * Top 10 gainers and losers; a symbol opens its research page. It reads only its own query, so
 * a live tick that re-renders the search page leaves its twenty rows alone.
 */
export const MarketMovers = memo(function MarketMovers({ refreshMs }: { refreshMs: number }) {
  const movers = useMarketMovers(refreshMs);
  // A read landing is drawn in a deferred render, which React slices between which the page
  // responds, rather than with the query's own update, drawn in one task (the first read lands
  // after the page's first render, while a phone is still busy with it).
  const data = useDeferredValue(movers.data);
  return (
    <section aria-labelledby="movers-heading" className="mt-10">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="movers-heading" className="text-xl font-semibold">
          {m.search_market_movers()}
        </h2>
        {data && (
          <p className="text-xs text-muted">
            {m.asset_updated({ time: formatDateTime(data.lastUpdate) })}
          </p>
        )}
      </div>
      {!data && (movers.isPending || movers.data) ? (
        <LoadingPanel label={m.search_loading_movers()} shape="tables" />
      ) : !data ? (
        <QueryRetryPanel
          query={movers}
          message={errorMessage(movers.error, m.search_movers_failed())}
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <MoversTable title={m.search_top_gainers()} movers={data.gainers} />
          <MoversTable title={m.search_top_losers()} movers={data.losers} />
        </div>
      )}
    </section>
  );
});
