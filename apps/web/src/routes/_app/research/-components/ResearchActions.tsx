import { m } from "@ledgerline/messages";
import { SellButton, WatchlistButton } from "../../../../components/assets/WatchlistButton";
import { SetAlertButton } from "../../../../components/assets/SetAlertDialog";
import { stockAsset } from "../../../../components/assets/stock";
import type { AssetActions } from "../../../../components/assets/useAssetActions";
import type { TradeTarget } from "../../../../components/trade/types";
import { Button } from "../../../../components/ui/Button";

/**
 * The research page's buttons: Buy, Sell while held, Set alert, and the watchlist's Add or
 * Remove (or a note that a held stock stays on it).
 */
export function ResearchActions({
  target,
  actions,
  watched,
  watchlistPending,
}: {
  target: TradeTarget;
  actions: AssetActions;
  watched: boolean;
  watchlistPending: boolean;
}) {
  const { symbol } = target;
  return (
    <div className="flex flex-wrap gap-2">
      <Button {...actions.preloadTrade} onClick={() => actions.buy(target)}>
        {m.asset_buy_stock()}
      </Button>
      <SellButton target={target} actions={actions} />
      <SetAlertButton asset={stockAsset} symbol={symbol} price={target.price} />
      <WatchlistButton
        symbol={symbol}
        watched={watched}
        actions={actions}
        addVariant="secondary"
        disabled={watchlistPending}
      />
    </div>
  );
}
