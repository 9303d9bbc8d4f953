import { accountFilter, cryptoBuyInput, cryptoPosition } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { cryptoMarket } from "./crypto-portfolio";
import { listPositions } from "./portfolio";
import { marketProcedure } from "../platform/trpc/trpc";
import { positionTrades } from "./position-trades.router";

/** The signed-in user's crypto positions; quantities and prices are exact decimal strings. */
export const cryptoPortfolioRouter = {
  /** Positions valued at the current quotes, sorted by symbol. */
  list: marketProcedure
    .input(accountFilter.optional())
    .output(z.array(cryptoPosition))
    .query(({ ctx, input }) => listPositions(ctx, cryptoMarket, input)),

  ...positionTrades(cryptoMarket, cryptoBuyInput),
} satisfies TRPCRouterRecord;
