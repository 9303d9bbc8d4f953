import type { AppRouter } from "@ledgerline/api";
import type { PositionView } from "@ledgerline/contracts";
import type { UseMutationOptions } from "@tanstack/react-query";
import type { TRPCClientErrorLike } from "@trpc/client";
import type { TradeAssetConfig } from "../trade/trade-config";
import type { SearchHistoryStore } from "./search-history";

/** What a buy sends, for a new position or (with its id) for more of a held one. */
export interface BuyRequest {
  quantity: string;
  purchasePrice: string;
  fee: string;
  notes: string;
  idempotencyKey: string;
}

export interface SellRequest {
  positionId: number;
  quantity: string;
  price: string;
  fee: string;
  notes: string;
  idempotencyKey: string;
}

/**
 * A write to the API: a procedure's mutation key and function, as the tRPC options proxy makes
 * them (`trpc.<router>.<procedure>.mutationOptions()`); the screen adds what follows a write.
 */
type Write<TInput, TOutput = unknown> = () => Pick<
  UseMutationOptions<TOutput, TRPCClientErrorLike<AppRouter>, TInput>,
  "mutationKey" | "mutationFn"
>;

/**
 * Everything that differs between one kind of asset and another on the web app's screens, as
 * the server's `AssetMarket` does for its services: the procedures, the trade dialogs' texts and
 * steps, the watchlist messages and the search-history store. The asset-generic hooks and
 * components read only from here, so stocks and crypto share one implementation of each idea.
 */
export interface AssetConfig<P extends PositionView = PositionView> {
  kind: "stock" | "crypto";
  /** The cards' and pages' button labels: "Buy Stock", "Sell Crypto". */
  buyLabel: string;
  sellLabel: string;
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
    save: Write<{ symbol: string }, { symbol: string }>;
    remove: Write<{ symbol: string }, { message: string }>;
  };
  portfolio: {
    /** The user's positions; with `autoRefresh` they follow the asset's refresh interval. */
    usePositions(options: { autoRefresh?: boolean }): {
      data: readonly P[] | undefined;
    };
    buy: Write<BuyRequest & { symbol: string; accountId?: number }>;
    buyMore: Write<BuyRequest & { positionId: number; expectedHeld: string }>;
    sell: Write<SellRequest>;
  };
}
