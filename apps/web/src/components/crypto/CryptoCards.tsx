import { CRYPTO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { CryptoQuote, SavedCrypto } from "@ledgerline/contracts";
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
import { CryptoFigures } from "./CryptoFigures";
import { SavedPriceTrend } from "./SavedPriceTrend";

/** A card's own data: a watched coin's saved entry, or an owned coin's quote. */
type CryptoCardSource = AssetCardSource<SavedCrypto, CryptoQuote>;

/**
 * One coin's card, drawn again only when its own entry (the cache keeps an entry's object while
 * it is unchanged), its name or the actions change: a tick on one coin leaves the others alone.
 * With `versusSaved` a watched coin's price is coloured against the price it was saved at.
 */
const CryptoCard = memo(function CryptoCard(
  props: CryptoCardSource & {
    name: string | undefined;
    versusSaved: boolean;
    actions: AssetActions;
  },
) {
  const watched = "saved" in props;
  const quote = watched ? props.saved : props.held;
  const savedPrice = watched && props.versusSaved ? props.saved.savedPrice : undefined;
  const item: AssetCardItem = {
    symbol: quote.symbol,
    name: props.name,
    price: quote.price,
    staleAt: watched ? (props.saved.stale ? props.saved.quotedAt : null) : staleSince(quote),
    watched,
  };
  return (
    <AssetCard
      item={item}
      actions={props.actions}
      figures={
        <CryptoFigures
          quote={quote}
          {...(savedPrice !== undefined
            ? { price: <SavedPriceTrend price={quote.price} savedPrice={savedPrice} /> }
            : {})}
        />
      }
    />
  );
});

/** Quotes of the coins the user owns but does not watch, refreshed with the watchlist. */
export function useHeldNotWatchedCoins(actions: AssetActions, watched?: readonly SavedCrypto[]) {
  return useHeldNotWatched(actions.holdings, watched, {
    query: (symbols) => trpc.crypto.quotes.queryOptions({ symbols }),
    refreshMs: CRYPTO_REFRESH_INTERVAL_MS,
    pick: (result) => (result.ok ? result.quote : undefined),
  });
}

/**
 * Watched coins (and, on the dashboard, owned coins that are not watched) as cards. With
 * `versusSaved` a watched coin's price is coloured against the price it was saved at.
 */
export function CryptoCardGrid({
  items,
  held,
  names,
  actions,
  versusSaved = false,
}: {
  items: readonly SavedCrypto[];
  held?: readonly CryptoQuote[];
  names: Map<string, string>;
  actions: AssetActions;
  versusSaved?: boolean;
}) {
  return (
    <AssetCardGrid
      items={items}
      held={held}
      render={(card, symbol) => (
        <CryptoCard
          {...card}
          name={names.get(symbol)}
          versusSaved={versusSaved}
          actions={actions}
        />
      )}
    />
  );
}
