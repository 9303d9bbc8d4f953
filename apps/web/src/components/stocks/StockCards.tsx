import { STOCK_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { SavedStock, StockSnapshot } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { AssetCardGrid, type AssetCardItem } from "../assets/AssetCard";
import { answered, heldNotWatched, heldQuery } from "../assets/held-not-watched";
import { staleSince } from "../assets/PricesAsOf";
import type { AssetActions } from "../assets/useAssetActions";
import { SnapshotFigures } from "./SnapshotFigures";

interface StockCardData {
  item: AssetCardItem;
  snapshot: StockSnapshot | null;
}

const watchedCard = (saved: SavedStock): StockCardData => ({
  item: {
    symbol: saved.symbol,
    name: saved.companyName,
    price: saved.snapshot?.price ?? null,
    staleAt: saved.stale ? (saved.snapshot?.asOf ?? saved.snapshot?.timestamp) : null,
    watched: true,
  },
  snapshot: saved.snapshot,
});

const heldCard = (snapshot: StockSnapshot): StockCardData => ({
  item: {
    symbol: snapshot.symbol,
    name: snapshot.companyName,
    price: snapshot.price,
    staleAt: staleSince(snapshot),
    watched: false,
  },
  snapshot,
});

/** Snapshots of the stocks the user holds but does not watch, refreshed with the watchlist. */
export function useHeldNotWatchedStocks(actions: AssetActions, watched?: readonly SavedStock[]) {
  const symbols = heldNotWatched(actions.holdings, watched);
  const { data } = useQuery({
    ...trpc.market.snapshots.queryOptions({ symbols }),
    ...heldQuery(symbols, STOCK_REFRESH_INTERVAL_MS),
  });
  return answered(data, symbols, (result) => (result.ok ? result.snapshot : undefined));
}

/** Watched stocks (and, on the dashboard, held stocks that are not watched) as cards. */
export function StockCardGrid({
  items,
  held = [],
  actions,
}: {
  items: readonly SavedStock[];
  held?: readonly StockSnapshot[];
  actions: AssetActions;
}) {
  return (
    <AssetCardGrid
      cards={[...items.map(watchedCard), ...held.map(heldCard)]}
      actions={actions}
      figures={({ snapshot }) =>
        snapshot ? (
          <SnapshotFigures snapshot={snapshot} withRange />
        ) : (
          <p className="text-sm text-muted">Price data is unavailable right now.</p>
        )
      }
    />
  );
}
