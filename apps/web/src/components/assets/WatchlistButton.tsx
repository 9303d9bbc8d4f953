import { m } from "@ledgerline/messages";
import { Star, Trash2 } from "lucide-react";
import type { TradeTarget } from "../trade/types";
import { Button, type ButtonProps } from "../ui/Button";
import { OnWatchlist } from "./OnWatchlist";
import type { AssetActions } from "./useAssetActions";

type ButtonLook = Pick<ButtonProps, "size" | "variant">;

/**
 * An asset page's watchlist button: Add to Watchlist, Remove from Watchlist, or, while the asset
 * is held (the server refuses that removal), a note that it stays on the watchlist. `addVariant`
 * is the Add button's look; `icons` puts a star on Add and a bin on Remove.
 */
export function WatchlistButton({
  symbol,
  watched,
  actions,
  size,
  addVariant,
  icons = false,
  disabled,
}: {
  symbol: string;
  watched: boolean;
  actions: AssetActions;
  size?: ButtonLook["size"];
  addVariant?: ButtonLook["variant"];
  icons?: boolean;
  /** Add waits (the watchlist is still loading). */
  disabled?: boolean;
}) {
  if (watched && !actions.removable(symbol)) return <OnWatchlist />;
  if (watched) {
    return (
      <Button
        size={size}
        variant="secondary"
        {...actions.preloadRemove}
        onClick={() => actions.remove(symbol)}
      >
        {icons && <Trash2 aria-hidden="true" className="h-4 w-4" />}
        {m.watchlist_remove_from()}
      </Button>
    );
  }
  return (
    <Button
      size={size}
      variant={addVariant}
      busy={actions.savingSymbol === symbol}
      disabled={disabled}
      onClick={() => actions.save(symbol)}
    >
      {icons && <Star aria-hidden="true" className="h-4 w-4" />}
      {m.watchlist_add()}
    </Button>
  );
}

/** 'Sell Stock' or 'Sell Crypto', offered only while the asset is held. */
export function SellButton({
  target,
  actions,
  size,
}: {
  target: TradeTarget;
  actions: AssetActions;
  size?: ButtonLook["size"];
}) {
  if (!actions.holdings.get(target.symbol)) return null;
  return (
    <Button
      size={size}
      variant="secondary"
      {...actions.preloadTrade}
      onClick={() => actions.sell(target)}
    >
      {actions.asset.sellLabel}
    </Button>
  );
}
