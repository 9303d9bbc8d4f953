import { cryptoBuyInput, cryptoPosition } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { cryptoMarket } from "../../services/crypto-portfolio";
import { listPositions } from "../../services/portfolio";
import { marketProcedure } from "../trpc";
import { positionTrades } from "./position-trades";

/** The signed-in user's crypto positions; quantities and prices are exact decimal strings. */
export const cryptoPortfolioRouter = {
  /** Positions valued at the current quotes, sorted by symbol. */
  list: marketProcedure
    .output(z.array(cryptoPosition))
    .query(({ ctx }) => listPositions(ctx, cryptoMarket)),

  ...positionTrades(cryptoMarket, cryptoBuyInput),
} satisfies TRPCRouterRecord;
