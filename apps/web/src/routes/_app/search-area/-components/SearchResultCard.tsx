import type { StockSnapshot } from "@ledgerline/contracts";
import { Link } from "@tanstack/react-router";
import { HoldingFigures } from "../../../../components/assets/HoldingFigures";
import { SnapshotFigures } from "../../../../components/stocks/SnapshotFigures";
import type { AssetActions } from "../../../../components/assets/useAssetActions";
import { Button, buttonClass } from "../../../../components/ui/Button";
import { formatDateTime } from "../../../../lib/format";
import { OnWatchlist } from "../../../../components/assets/OnWatchlist";

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
        <p className="text-xs text-muted">As of {formatDateTime(snapshot.timestamp)}</p>
      </header>
      <SnapshotFigures snapshot={snapshot} />
      <HoldingFigures asset={actions.asset} position={position} price={snapshot.price} />
      <div className="flex flex-wrap gap-2">
        {watched && !actions.removable(symbol) ? (
          <OnWatchlist />
        ) : watched ? (
          <Button
            size="sm"
            variant="secondary"
            {...actions.preloadRemove}
            onClick={() => actions.remove(symbol)}
          >
            Remove from Watchlist
          </Button>
        ) : (
          <Button
            size="sm"
            busy={actions.savingSymbol === symbol}
            onClick={() => actions.save(symbol)}
          >
            Add to Watchlist
          </Button>
        )}
        <Link to="/research/$symbol" params={{ symbol }} className={buttonClass("secondary", "sm")}>
          Research Stock
        </Link>
        <Button
          size="sm"
          variant="secondary"
          {...actions.preloadTrade}
          onClick={() => actions.buy(target)}
        >
          Buy Stock
        </Button>
        {position && (
          <Button
            size="sm"
            variant="secondary"
            {...actions.preloadTrade}
            onClick={() => actions.sell(target)}
          >
            Sell Stock
          </Button>
        )}
      </div>
    </section>
  );
}
