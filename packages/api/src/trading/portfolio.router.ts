import { stockBuyInput, valuedPosition } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { listPositions, stockMarket } from "./portfolio";
import { marketProcedure } from "../platform/trpc/trpc";
import { positionTrades } from "./position-trades.router";

/** The signed-in user's stock positions; amounts are exact decimal strings. */
export const portfolioRouter = {
  /** Positions valued at the current prices, sorted by symbol. */
  list: marketProcedure
    .meta({ cachedAnswer: "own-data" })
    .output(z.array(valuedPosition))
    .query(({ ctx }) => listPositions(ctx, stockMarket)),

  ...positionTrades(stockMarket, stockBuyInput),
} satisfies TRPCRouterRecord;
