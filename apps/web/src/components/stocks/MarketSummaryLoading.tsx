import { m } from "@ledgerline/messages";
import type { ReactNode } from "react";
import { Skeleton } from "../RouteStates";
import { Card } from "../ui/Card";

const figureNames = [
  m.stocks_average_change(),
  m.stocks_advancing_declining(),
  m.stocks_total_volume(),
  m.stocks_most_active(),
];

/** The market summary card's frame: its heading, an update line beside it, and its body. */
export function MarketSummaryFrame({
  updated,
  children,
}: {
  updated?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="market-summary-heading" className="mb-6">
      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="market-summary-heading" className="text-lg font-semibold">
            {m.stocks_market_summary()}
          </h2>
          {updated}
        </div>
        {children}
      </Card>
    </section>
  );
}

/** The card while the summary loads; also a dashboard's loading layout's (no query needed). */
export function MarketSummaryLoading() {
  return (
    <MarketSummaryFrame>
      <div role="status" aria-busy="true" aria-label={m.stocks_loading_market_summary()}>
        <Skeleton className="mt-2 h-4 w-64 max-w-full" />
        <div className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {figureNames.map((name) => (
            <Skeleton key={name} className="h-11" />
          ))}
        </div>
      </div>
    </MarketSummaryFrame>
  );
}
