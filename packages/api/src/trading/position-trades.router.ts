import type { BuyInputSchema } from "@ledgerline/contracts";
import { buyMoreInput, sellInput, tradeResult } from "@ledgerline/contracts";
import { buyMore, buyPosition, sellPosition, type AssetMarket } from "./portfolio";
import { marketMutation } from "../platform/trpc/trpc";

/**
 * The trades on a user's positions in one market, stocks or crypto: the same services serve both,
 * and only where prices come from and what a symbol may be differ. Each takes a trade-scoped API
 * key.
 */
export function positionTrades(market: AssetMarket, buyInput: BuyInputSchema) {
  const trade = marketMutation.meta({ apiKey: "trade" }).output(tradeResult);
  return {
    /** Opens a position in a symbol, or adds to the one held. */
    buy: trade.input(buyInput).mutation(({ ctx, input }) => buyPosition(ctx, market, input)),

    /** Adds to a position by id, optionally only if it still holds `expectedHeld`. */
    buyMore: trade.input(buyMoreInput).mutation(({ ctx, input }) => buyMore(ctx, market, input)),

    /** Sells from a position; without a price, at the current market price. */
    sell: trade.input(sellInput).mutation(({ ctx, input }) => sellPosition(ctx, market, input)),
  };
}
