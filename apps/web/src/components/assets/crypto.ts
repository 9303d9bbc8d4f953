import { m } from "@ledgerline/messages";
import {
  CRYPTO_REMOVE_BLOCKED_NOTICE_MS,
  CRYPTO_SEARCH_HISTORY_KEY,
  CRYPTO_SEARCH_HISTORY_LIMIT,
} from "@ledgerline/contracts/browser";
import type { CryptoPosition } from "@ledgerline/contracts";
import { trpc } from "../../lib/trpc";
import { useCryptoPositions } from "../crypto/crypto-queries";
import { cryptoTrade } from "../trade/crypto-trade-config";
import type { AssetConfig } from "./asset-config";

/** Crypto: the `cryptoWatchlist` and `cryptoPortfolio` procedures, 0.000001 steps, crypto texts. */
export const cryptoAsset: AssetConfig<CryptoPosition> = {
  kind: "crypto",
  buyLabel: m.asset_buy_crypto(),
  sellLabel: m.asset_sell_crypto(),
  heldLabel: m.asset_amount_in_portfolio(),
  details: { to: "/crypto/$symbol" },
  trade: cryptoTrade,
  searchHistory: { key: CRYPTO_SEARCH_HISTORY_KEY, limit: CRYPTO_SEARCH_HISTORY_LIMIT },
  watchlist: {
    removeTitle: m.watchlist_remove_crypto_title(),
    removeMessage: m.watchlist_confirm_remove_crypto(),
    removeTone: "danger",
    failure: m.watchlist_update_failed(),
    heldNoticeMs: CRYPTO_REMOVE_BLOCKED_NOTICE_MS,
    save: () => trpc.cryptoWatchlist.save.mutationOptions(),
    remove: () => trpc.cryptoWatchlist.remove.mutationOptions(),
  },
  portfolio: {
    usePositions: useCryptoPositions,
    buy: () => trpc.cryptoPortfolio.buy.mutationOptions(),
    buyMore: () => trpc.cryptoPortfolio.buyMore.mutationOptions(),
    sell: () => trpc.cryptoPortfolio.sell.mutationOptions(),
  },
};
