import { m } from "@ledgerline/messages";
import type { StockSnapshot } from "@ledgerline/contracts";
import { Link } from "@tanstack/react-router";
import { HoldingFigures } from "../../../../components/assets/HoldingFigures";
import { SnapshotFigures } from "../../../../components/stocks/SnapshotFigures";
import type { AssetActions } from "../../../../components/assets/useAssetActions";
import { Button, buttonClass } from "../../../../components/ui/Button";
import { formatDateTime } from "../../../../lib/format";
import { SellButton, WatchlistButton } from "../../../../components/assets/WatchlistButton";

/** The looked-up stock: its figures, the user's holding, and what can be done with it. */
export function SearchResultCard({
  snapshot,
  watched,
  actions,
}: {
  snapshot: StockSnapshot;
  watched: boolean;
  actions: AssetActions;
}) {
  const { symbol } = snapshot;
  const position = actions.holdings.get(symbol);
  const target = { symbol, name: snapshot.companyName, price: snapshot.price };
  return (
    <section
      aria-labelledby="search-result-heading"
      className="mt-6 space-y-4 rounded-xl border border-primary/40 bg-surface p-5 shadow-sm"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="search-result-heading" className="text-xl font-bold">
          {symbol} <span className="text-base font-normal text-muted">{snapshot.companyName}</span>
        </h2>
        <p className="text-xs text-muted">
          {m.asset_as_of({ time: formatDateTime(snapshot.timestamp) })}
        </p>
      </header>
      <SnapshotFigures snapshot={snapshot} />
      <HoldingFigures asset={actions.asset} position={position} price={snapshot.price} />
      <div className="flex flex-wrap gap-2">
        <WatchlistButton symbol={symbol} watched={watched} actions={actions} size="sm" />
        <Link to="/research/$symbol" params={{ symbol }} className={buttonClass("secondary", "sm")}>
          {m.asset_research_stock()}
        </Link>
        <Button
          size="sm"
          variant="secondary"
          {...actions.preloadTrade}
          onClick={() => actions.buy(target)}
        >
          {m.asset_buy_stock()}
        </Button>
        <SellButton target={target} actions={actions} size="sm" />
      </div>
    </section>
  );
}
