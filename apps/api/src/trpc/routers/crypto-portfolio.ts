import {
  buyMoreInput,
  cryptoBuyInput,
  cryptoPosition,
  sellInput,
  tradeResult,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { cryptoMarket } from "../../services/crypto-portfolio";
import { buyMore, buyPosition, listPositions, sellPosition } from "../../services/portfolio";
import { marketMutation, marketProcedure } from "../trpc";

/** The signed-in user's crypto positions; quantities and prices are exact decimal strings. */
export const cryptoPortfolioRouter = {
  /** Positions valued at the current quotes, sorted by symbol. */
  list: marketProcedure
    .output(z.array(cryptoPosition))
    .query(({ ctx }) => listPositions(ctx, cryptoMarket)),

  /** Opens a position in a coin, or adds to the one held. */
  buy: marketMutation
    .meta({ apiKey: "trade" })
    .input(cryptoBuyInput)
    .output(tradeResult)
    .mutation(({ ctx, input }) => buyPosition(ctx, cryptoMarket, input)),

  /** Adds to a position by id, optionally only if it still holds `expectedHeld`. */
  buyMore: marketMutation
    .meta({ apiKey: "trade" })
    .input(buyMoreInput)
    .output(tradeResult)
    .mutation(({ ctx, input }) => buyMore(ctx, cryptoMarket, input)),

  /** Sells from a position; without a price, at the current market price. */
  sell: marketMutation
    .meta({ apiKey: "trade" })
    .input(sellInput)
    .output(tradeResult)
    .mutation(({ ctx, input }) => sellPosition(ctx, cryptoMarket, input)),
} satisfies TRPCRouterRecord;
