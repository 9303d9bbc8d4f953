import { m } from "@ledgerline/messages";
import { Link } from "@tanstack/react-router";
import { Eye } from "lucide-react";
import { Fragment, memo, useId, type ReactNode } from "react";
import { Badge } from "../ui/Badge";
import { Button, buttonClass } from "../ui/Button";
import { HoldingFigures } from "./HoldingFigures";
import { compareSymbols } from "../../lib/compare-symbols";
import { PricesAsOf } from "./PricesAsOf";
import { SetAlertButton } from "./SetAlertDialog";
import type { AssetActions } from "./useAssetActions";
import { SellButton } from "./WatchlistButton";

/** What one card shows: the asset, its current price (null when unknown) and its figures. */
export interface AssetCardItem {
  symbol: string;
  name: string | undefined;
  price: string | null;
  /** When set, the figures are the last stored ones, as of this time. */
  staleAt?: string | null;
  /** On the watchlist; a held asset that is not is marked 'Held, not watched'. */
  watched: boolean;
}

/**
 * A stock or coin on a dashboard or watchlist: symbol (linking to its page) and name, the
 * asset's figures, the holding, and the actions Buy, Sell (only if held) and Remove (only if not
 * held; Add to Watchlist for a held asset that is not watched).
 */
export function AssetCard({
  item,
  figures,
  actions,
}: {
  item: AssetCardItem;
  figures: ReactNode;
  actions: AssetActions;
}) {
  const headingId = useId();
  const { asset } = actions;
  const { symbol, price } = item;
  const position = actions.holdings.get(symbol);
  const target = price ? { symbol, price, ...(item.name ? { name: item.name } : {}) } : null;
  const saving = actions.savingSymbol === symbol;
  return (
    <article
      aria-labelledby={headingId}
      data-symbol={symbol}
      className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <CardHeader
        asset={asset}
        symbol={symbol}
        name={item.name}
        watched={item.watched}
        staleAt={item.staleAt}
        headingId={headingId}
      />
      {figures}
      <HoldingFigures asset={asset} position={position} price={price} />
      <div className="mt-auto flex flex-wrap gap-2">
        <DetailsLink asset={asset} symbol={symbol} />
        <Button
          size="sm"
          disabled={!target}
          {...actions.preloadTrade}
          onClick={() => target && actions.buy(target)}
        >
          {asset.buyLabel}
        </Button>
        {target && <SellButton target={target} actions={actions} size="sm" />}
        <SetAlertButton asset={asset} symbol={symbol} price={price} size="sm" />
        <WatchButton symbol={symbol} watched={item.watched} saving={saving} actions={actions} />
      </div>
    </article>
  );
}

// The parts of a card that a price does not change are memoised: every watched symbol ticks about
// once a second, and each tick would otherwise draw them again, links and icons included.

/** Symbol (linking to its page), name, and the notices on the card's corner. */
const CardHeader = memo(function CardHeader({
  asset,
  symbol,
  name,
  watched,
  staleAt,
  headingId,
}: {
  asset: AssetActions["asset"];
  symbol: string;
  name: string | undefined;
  watched: boolean;
  staleAt: string | null | undefined;
  headingId: string;
}) {
  return (
    <header className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <h3 id={headingId} className="text-lg font-bold">
          <Link
            to={asset.details.to}
            params={{ symbol }}
            className="hover:text-primary hover:underline"
          >
            {symbol}
          </Link>
        </h3>
        {name && (
          <p className="truncate text-sm text-muted" title={name}>
            {name}
          </p>
        )}
      </div>
      <div className="flex flex-col items-end gap-1">
        {!watched && (
          <Badge tone="info">
            <Eye aria-hidden="true" className="mr-1 h-3 w-3" />
            {m.asset_held_not_watched()}
          </Badge>
        )}
        <PricesAsOf at={staleAt} />
      </div>
    </header>
  );
});

/** The asset's own page ('Research Stock'), where the asset has one to name. */
const DetailsLink = memo(function DetailsLink({
  asset,
  symbol,
}: {
  asset: AssetActions["asset"];
  symbol: string;
}) {
  if (!asset.details.label) return null;
  return (
    <Link to={asset.details.to} params={{ symbol }} className={buttonClass("secondary", "sm")}>
      {asset.details.label}
    </Link>
  );
});

/** Remove (not while held), or Add to Watchlist for a held asset that is not watched. */
const WatchButton = memo(function WatchButton({
  symbol,
  watched,
  saving,
  actions,
}: {
  symbol: string;
  watched: boolean;
  saving: boolean;
  actions: AssetActions;
}) {
  if (watched && !actions.removable(symbol)) return null;
  return watched ? (
    <Button
      size="sm"
      variant="ghost"
      {...actions.preloadRemove}
      onClick={() => actions.remove(symbol)}
    >
      {m.asset_remove()}
    </Button>
  ) : (
    <Button size="sm" variant="ghost" busy={saving} onClick={() => actions.save(symbol)}>
      {m.watchlist_add()}
    </Button>
  );
});

/** A card's own data: a watched asset's saved entry, or a held asset's quote. */
export type AssetCardSource<Saved, Held> = { saved: Saved } | { held: Held };

/**
 * Watched assets' cards (and, on a dashboard, those of held assets that are not watched) in a
 * responsive grid, sorted by symbol. Each card is drawn by `render`, which should give a memoised
 * card of the card's own data, so a tick moving one symbol redraws one card.
 */
export function AssetCardGrid<Saved extends Symbolled, Held extends Symbolled>({
  items,
  held = [],
  render,
}: {
  items: readonly Saved[];
  held?: readonly Held[] | undefined;
  render: (card: AssetCardSource<Saved, Held>, symbol: string) => ReactNode;
}) {
  const cards = [
    ...items.map((saved) => ({ symbol: saved.symbol, card: { saved } })),
    ...held.map((quote) => ({ symbol: quote.symbol, card: { held: quote } })),
  ].sort((a, b) => compareSymbols(a.symbol, b.symbol));
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {cards.map(({ symbol, card }) => (
        <Fragment key={symbol}>{render(card, symbol)}</Fragment>
      ))}
    </div>
  );
}

interface Symbolled {
  symbol: string;
}
