import { m } from "@ledgerline/messages";
import { trpc } from "../../lib/trpc";
import { useStockPositions } from "../stocks/stock-queries";
import { stockTrade } from "../trade/trade-config";
import type { AssetConfig } from "./asset-config";

/** Stocks: the `watchlist` and `portfolio` procedures, whole shares, the spec's stock texts. */
export const stockAsset: AssetConfig = {
  kind: "stock",
  buyLabel: m.asset_buy_stock(),
  sellLabel: m.asset_sell_stock(),
  heldLabel: m.asset_number_in_portfolio(),
  details: { to: "/research/$symbol", label: m.asset_research_stock() },
  trade: stockTrade,
  // Spec section 3: recent stock searches live in local storage under this key.
  searchHistory: { key: "stock-search-history", limit: 5 },
  watchlist: {
    removeTitle: m.watchlist_remove_stock_title(),
    removeMessage: m.watchlist_confirm_remove_stock(),
    removeTone: "primary",
    failure: m.watchlist_update_stocks_failed(),
    heldNoticeMs: 3000,
    save: () => trpc.watchlist.save.mutationOptions(),
    remove: () => trpc.watchlist.remove.mutationOptions(),
  },
  portfolio: {
    usePositions: useStockPositions,
    buy: () => trpc.portfolio.buy.mutationOptions(),
    buyMore: () => trpc.portfolio.buyMore.mutationOptions(),
    sell: () => trpc.portfolio.sell.mutationOptions(),
  },
};
