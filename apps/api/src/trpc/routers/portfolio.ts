import {
  buyMoreInput,
  sellInput,
  stockBuyInput,
  tradeResult,
  valuedPosition,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  buyMore,
  buyPosition,
  listPositions,
  sellPosition,
  stockMarket,
} from "../../services/portfolio";
import { marketMutation, marketProcedure } from "../trpc";

/** The signed-in user's stock positions; amounts are exact decimal strings. */
export const portfolioRouter = {
  /** Positions valued at the current prices, sorted by symbol. */
  list: marketProcedure
    .meta({ cachedAnswer: "own-data" })
    .output(z.array(valuedPosition))
    .query(({ ctx }) => listPositions(ctx, stockMarket)),

  /** Opens a position in a symbol, or adds to the one held. */
  buy: marketMutation
    .meta({ apiKey: "trade" })
    .input(stockBuyInput)
    .output(tradeResult)
    .mutation(({ ctx, input }) => buyPosition(ctx, stockMarket, input)),

  /** Adds to a position by id, optionally only if it still holds `expectedHeld`. */
  buyMore: marketMutation
    .meta({ apiKey: "trade" })
    .input(buyMoreInput)
    .output(tradeResult)
    .mutation(({ ctx, input }) => buyMore(ctx, stockMarket, input)),

  /** Sells from a position; without a price, at the current market price. */
  sell: marketMutation
    .meta({ apiKey: "trade" })
    .input(sellInput)
    .output(tradeResult)
    .mutation(({ ctx, input }) => sellPosition(ctx, stockMarket, input)),
} satisfies TRPCRouterRecord;
