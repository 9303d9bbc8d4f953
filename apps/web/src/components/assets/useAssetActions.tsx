import type { PositionView, ValuedPosition } from "@ledgerline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { TradeTarget } from "../trade/types";
import type { AssetConfig } from "./asset-config";
import { preloadRemoveDialog, preloadTradeDialog, useAssetDialogs } from "./AssetDialogs";
import { invalidateOwnData } from "./own-data";
import { useTradeSubmits } from "./useTradeSubmits";
import { useWatchlistWrites } from "./useWatchlistWrites";

/**
 * Positions by symbol. A symbol held in several investment accounts has a row per account, each
 * with `symbolTotal`: its holding is then that total (quantity, average price, value), what a
 * card or a research page says is held of it.
 */
export function holdingsBySymbol<P extends PositionView>(positions: readonly P[]): Map<string, P> {
  return new Map(
    positions.map((position) => {
      const total = (position as Partial<ValuedPosition>).symbolTotal;
      return [position.symbol, total ? { ...position, ...total } : position];
    }),
  );
}

/** The user's positions of one kind of asset, by symbol (over all their accounts). */
export function useHoldings<P extends PositionView>(
  asset: AssetConfig<P>,
  options: { autoRefresh?: boolean } = {},
): Map<string, P> {
  const positions = asset.portfolio.usePositions(options);
  return useMemo(() => holdingsBySymbol(positions.data ?? []), [positions.data]);
}

/**
 * Everything a screen lets a user do to a stock or a coin: buy, sell, add to and remove from the
 * watchlist. The screen calls the handlers and renders `dialogs` once; after any change the
 * user's own data is re-fetched (no page reload). The object is the same from render to render
 * until the holdings, a dialog or a pending save change, so memoised cards that take it are not
 * drawn again by a live tick that re-renders their screen.
 */
export function useAssetActions<P extends PositionView>(
  asset: AssetConfig<P>,
  options: { autoRefresh?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const holdings = useHoldings(asset, options);
  // Every position, a symbol's one per account holding it (decision 0031).
  const positions = asset.portfolio.usePositions(options).data;
  const [buying, setBuying] = useState<TradeTarget | null>(null);
  const [selling, setSelling] = useState<TradeTarget | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refetch = useCallback(() => void invalidateOwnData(queryClient), [queryClient]);
  const { submitBuy, submitSell } = useTradeSubmits(asset, holdings, positions, refetch);
  const { warnHeld, saveSymbol, savingSymbol, ...removal } = useWatchlistWrites(
    asset,
    refetch,
    () => setRemoving(null),
  );
  const dialogs = useAssetDialogs({
    asset,
    holdings,
    positions,
    buying,
    selling,
    removing,
    setBuying,
    setSelling,
    setRemoving,
    submitBuy,
    submitSell,
    refetch,
    ...removal,
  });

  return useMemo(
    () => ({
      asset,
      holdings,
      buy: setBuying,
      sell: setSelling,
      save: (symbol: string) => saveSymbol({ symbol }),
      savingSymbol,
      /**
       * Whether Remove is offered: not while the asset is held, since the server refuses it then
       * (spec: removal is blocked while in the portfolio), as Sell is offered only while held.
       */
      removable: (symbol: string) => !holdings.has(symbol),
      /** Asks for confirmation, unless the asset is held: then the spec's notice instead. */
      remove: (symbol: string) => {
        if (holdings.has(symbol)) warnHeld(symbol);
        else setRemoving(symbol);
      },
      dialogs,
      /** Spread on a Buy or Sell button: its dialog's code loads before the click. */
      preloadTrade: preloadTradeDialog,
      /** Spread on a Remove button: the confirmation's code loads before the click. */
      preloadRemove: preloadRemoveDialog,
    }),
    [asset, holdings, saveSymbol, savingSymbol, warnHeld, dialogs],
  );
}

export type AssetActions<P extends PositionView = PositionView> = ReturnType<
  typeof useAssetActions<P>
>;
