import { accountFilter, stockBuyInput, valuedPosition } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { listPositions, stockMarket } from "./portfolio";
import { marketProcedure } from "../platform/trpc/trpc";
import { positionTrades } from "./position-trades.router";

/** The signed-in user's stock positions; amounts are exact decimal strings. */
export const portfolioRouter = {
  /**
   * Positions valued at the current prices, sorted by symbol (then account): of one account, or
   * of all, where a symbol held in several accounts has a row per account and its total.
   */
  list: marketProcedure
    .meta({ cachedAnswer: "own-data" })
    .input(accountFilter.optional())
    .output(z.array(valuedPosition))
    .query(({ ctx, input }) => listPositions(ctx, stockMarket, input)),

  ...positionTrades(stockMarket, stockBuyInput),
} satisfies TRPCRouterRecord;
