import { CRYPTO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { CryptoQuote, SavedCrypto } from "@ledgerline/contracts";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { AssetCardGrid, type AssetCardItem } from "../assets/AssetCard";
import { answered, heldNotWatched, heldQuery } from "../assets/held-not-watched";
import { staleSince } from "../assets/PricesAsOf";
import type { AssetActions } from "../assets/useAssetActions";
import { CryptoFigures } from "./CryptoFigures";
import { SavedPriceTrend } from "./SavedPriceTrend";

interface CryptoCardData {
  item: AssetCardItem;
  quote: CryptoQuote;
  savedPrice?: string;
}

/** Quotes of the coins the user owns but does not watch, refreshed with the watchlist. */
export function useHeldNotWatchedCoins(actions: AssetActions, watched?: readonly SavedCrypto[]) {
  const symbols = heldNotWatched(actions.holdings, watched);
  const { data } = useQuery({
    ...trpc.crypto.quotes.queryOptions({ symbols }),
    ...heldQuery(symbols, CRYPTO_REFRESH_INTERVAL_MS),
  });
  return answered(data, symbols, (result) => (result.ok ? result.quote : undefined));
}

/**
 * Watched coins (and, on the dashboard, owned coins that are not watched) as cards. With
 * `versusSaved` a watched coin's price is coloured against the price it was saved at.
 */
export function CryptoCardGrid({
  items,
  held = [],
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
  const card = (quote: CryptoQuote, watched: boolean): AssetCardItem => ({
    symbol: quote.symbol,
    name: names.get(quote.symbol),
    price: quote.price,
    watched,
  });
  const cards: CryptoCardData[] = [
    ...items.map((saved) => ({
      item: { ...card(saved, true), staleAt: saved.stale ? saved.quotedAt : null },
      quote: saved,
      ...(versusSaved ? { savedPrice: saved.savedPrice } : {}),
    })),
    ...held.map((quote) => ({
      item: { ...card(quote, false), staleAt: staleSince(quote) },
      quote,
    })),
  ];
  return (
    <AssetCardGrid
      cards={cards}
      actions={actions}
      figures={({ quote, savedPrice }) => (
        <CryptoFigures
          quote={quote}
          {...(savedPrice !== undefined
            ? { price: <SavedPriceTrend price={quote.price} savedPrice={savedPrice} /> }
            : {})}
        />
      )}
    />
  );
}
