import type { PositionView } from "@ledgerline/contracts";
import type { TradeAssetConfig } from "../trade/trade-config";
import type { SearchHistoryStore } from "./search-history";

/** What a buy sends, for a new position or (with its id) for more of a held one. */
export interface BuyRequest {
  quantity: string;
  purchasePrice: string;
  notes: string;
  idempotencyKey: string;
}

export interface SellRequest {
  positionId: number;
  quantity: string;
  price: string;
  notes: string;
  idempotencyKey: string;
}

/**
 * Everything that differs between one kind of asset and another on the web app's screens, as
 * the server's `AssetMarket` does for its services: the procedures, the trade dialogs' texts and
 * steps, the watchlist messages and the search-history store. The asset-generic hooks and
 * components read only from here, so stocks and crypto share one implementation of each idea.
 */
export interface AssetConfig<P extends PositionView = PositionView> {
  kind: "stock" | "crypto";
  /** "Stock", "Crypto": button labels read "Buy Stock", "Sell Crypto". */
  noun: string;
  /** The holding's quantity label: "Number in Portfolio", "Amount in Portfolio". */
  heldLabel: string;
  /** The asset's own page, and the label of a button to it (the symbol links there too). */
  details: { to: "/research/$symbol" | "/crypto/$symbol"; label?: string };
  trade: TradeAssetConfig;
  searchHistory: SearchHistoryStore;
  watchlist: {
    removeTitle: string;
    removeMessage: string;
    removeTone: "primary" | "danger";
    /** Shown when a watchlist change fails. */
    failure: string;
    /** How long the spec's 'still held' notice stays. */
    heldNoticeMs: number;
    save: (symbol: string) => Promise<{ symbol: string }>;
    remove: (symbol: string) => Promise<{ message: string }>;
  };
  portfolio: {
    /** The user's positions; with `autoRefresh` they follow the asset's refresh interval. */
    usePositions(options: { autoRefresh?: boolean }): {
      data: readonly P[] | undefined;
    };
    buy(request: BuyRequest & { symbol: string }): Promise<unknown>;
    buyMore(request: BuyRequest & { positionId: number; expectedHeld: string }): Promise<unknown>;
    sell(request: SellRequest): Promise<unknown>;
  };
}
