import { m } from "@ledgerline/messages";
import type { StockSnapshot } from "@ledgerline/contracts";
import { PricesAsOf, staleSince } from "../../../../components/assets/PricesAsOf";
import { LiveIndicator } from "../../../../components/assets/LiveFigure";
import {
  isClosedStatus,
  MarketClosedBanner,
  marketStatusText,
} from "../../../../components/stocks/MarketStatus";
import { SnapshotFigures } from "../../../../components/stocks/SnapshotFigures";
import { formatDateTime } from "../../../../lib/format";

/** The stock's snapshot: as of when, the market's state (a banner while closed), its figures. */
export function SnapshotPanel({ stock, className }: { stock: StockSnapshot; className: string }) {
  const closed = isClosedStatus(stock.marketStatus);
  return (
    <section aria-labelledby="snapshot-heading" className={className}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="snapshot-heading" className="text-lg font-semibold">
          {m.research_snapshot()}
        </h2>
        <p className="flex items-center gap-2 text-xs text-muted">
          <PricesAsOf at={staleSince(stock)} />
          {m.asset_as_of({ time: formatDateTime(stock.timestamp) })}
          {/* A closed market sends no ticks: 'Live' beside the closed banner would contradict it. */}
          {!closed && <LiveIndicator />}
        </p>
      </div>
      {closed ? (
        <MarketClosedBanner statuses={[stock.marketStatus]} />
      ) : (
        <p className="mb-3 text-sm text-muted">{marketStatusText(stock.marketStatus)}</p>
      )}
      <div className="mt-3">
        <SnapshotFigures snapshot={stock} withRange />
      </div>
    </section>
  );
}
