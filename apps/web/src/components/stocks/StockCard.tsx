import type { SavedStock } from "@ledgerline/contracts";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { formatDateTime } from "../../lib/format";
import { Badge } from "../ui/Badge";
import { Button, buttonClass } from "../ui/Button";
import { HoldingSummary } from "./HoldingSummary";
import { SnapshotFigures } from "./SnapshotFigures";
import type { AssetActions } from "../assets/useAssetActions";

/**
 * A watched stock: symbol and company, every figure the spec lists, the holding, and the actions
 * Research Stock, Buy Stock, Sell Stock (only if held) and Remove.
 */
export function StockCard({ item, actions }: { item: SavedStock; actions: AssetActions }) {
  const headingId = useId();
  const { symbol, snapshot } = item;
  const position = actions.holdings.get(symbol);
  const target = snapshot ? { symbol, name: item.companyName, price: snapshot.price } : null;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold">
            {symbol}
          </h3>
          <p className="truncate text-sm text-muted" title={item.companyName}>
            {item.companyName}
          </p>
        </div>
        {item.stale && snapshot && (
          <Badge tone="warn">As of {formatDateTime(snapshot.timestamp)}</Badge>
        )}
      </header>
      {snapshot ? (
        <SnapshotFigures snapshot={snapshot} withRange />
      ) : (
        <p className="text-sm text-muted">Price data is unavailable right now.</p>
      )}
      <HoldingSummary position={position} />
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to="/research/$symbol" params={{ symbol }} className={buttonClass("secondary", "sm")}>
          Research Stock
        </Link>
        <Button size="sm" disabled={!target} onClick={() => target && actions.buy(target)}>
          Buy Stock
        </Button>
        {position && target && (
          <Button size="sm" variant="secondary" onClick={() => actions.sell(target)}>
            Sell Stock
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => actions.remove(symbol)}>
          Remove
        </Button>
      </div>
    </article>
  );
}

export function StockCardGrid({ items, actions }: { items: SavedStock[]; actions: AssetActions }) {
  const sorted = [...items].sort((a, b) => a.symbol.localeCompare(b.symbol));
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {sorted.map((item) => (
        <StockCard key={item.symbol} item={item} actions={actions} />
      ))}
    </div>
  );
}
