import { m } from "@ledgerline/messages";
import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { SavedStock, StockSnapshot } from "@ledgerline/contracts";
import { memo } from "react";
import { trpc } from "../../lib/trpc";
import {
  AssetCard,
  AssetCardGrid,
  type AssetCardItem,
  type AssetCardSource,
} from "../assets/AssetCard";
import { useHeldNotWatched } from "../assets/held-not-watched";
import { staleSince } from "../assets/PricesAsOf";
import type { AssetActions } from "../assets/useAssetActions";
import { SnapshotFigures } from "./SnapshotFigures";
import { useWatchedStock } from "./stock-queries";

/** A card's own data: a watched stock's saved entry, or a held stock's snapshot. */
type StockCardSource = AssetCardSource<SavedStock, StockSnapshot>;

function cardOf(source: StockCardSource): { item: AssetCardItem; snapshot: StockSnapshot | null } {
  if ("saved" in source) {
    const { saved } = source;
    return {
      item: {
        symbol: saved.symbol,
        name: saved.companyName,
        price: saved.snapshot?.price ?? null,
        staleAt: saved.stale ? (saved.snapshot?.asOf ?? saved.snapshot?.timestamp) : null,
        watched: true,
      },
      snapshot: saved.snapshot,
    };
  }
  const { held } = source;
  return {
    item: {
      symbol: held.symbol,
      name: held.companyName,
      price: held.price,
      staleAt: staleSince(held),
      watched: false,
    },
    snapshot: held,
  };
}

/** A watched stock's card: it reads its own entry of the watchlist, so only its own tick draws it. */
function WatchedStockCard({ symbol, actions }: { symbol: string; actions: AssetActions }) {
  const saved = useWatchedStock(symbol);
  return saved ? <StockCard saved={saved} actions={actions} /> : null;
}

/**
 * One stock's card, drawn again only when its own entry (the cache keeps an entry's object while
 * it is unchanged) or the actions change: a tick on one stock leaves the other cards alone.
 */
const StockCard = memo(function StockCard(props: StockCardSource & { actions: AssetActions }) {
  const { item, snapshot } = cardOf(props);
  return (
    <AssetCard
      item={item}
      actions={props.actions}
      figures={
        snapshot ? (
          <SnapshotFigures snapshot={snapshot} withRange />
        ) : (
          <p className="text-sm text-muted">{m.stocks_price_unavailable()}</p>
        )
      }
    />
  );
});

/** Snapshots of the stocks the user holds but does not watch, refreshed with the watchlist. */
export function useHeldNotWatchedStocks(
  actions: AssetActions,
  watched?: readonly { symbol: string }[],
) {
  return useHeldNotWatched(actions.holdings, watched, {
    query: (symbols) => trpc.market.snapshots.queryOptions({ symbols }),
    refreshMs: STOCK_REFRESH_INTERVAL_MS,
    pick: (result) => (result.ok ? result.snapshot : undefined),
  });
}

/**
 * Watched stocks (and, on the dashboard, held stocks that are not watched) as cards. Each watched
 * card reads its stock from the cached watchlist, so the caller may pass only the symbols.
 */
export function StockCardGrid({
  watched,
  held,
  actions,
}: {
  watched: readonly { symbol: string }[];
  held?: readonly StockSnapshot[];
  actions: AssetActions;
}) {
  return (
    <AssetCardGrid
      items={watched}
      held={held}
      render={(card, symbol) =>
        "saved" in card ? (
          <WatchedStockCard symbol={symbol} actions={actions} />
        ) : (
          <StockCard held={card.held} actions={actions} />
        )
      }
    />
  );
}
