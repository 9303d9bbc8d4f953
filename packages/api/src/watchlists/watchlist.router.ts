import { messageResult, savedStock, symbolInput } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { listWatchlist, removeFromWatchlist, saveToWatchlist } from "./watchlist";
import { marketMutation, marketProcedure, tradeKeyMutation } from "../platform/trpc/trpc";

/** The signed-in user's stock watchlist; its market figures come from the server's market service. */
export const watchlistRouter = {
  list: marketProcedure
    .meta({ cachedAnswer: "own-data" })
    .output(z.array(savedStock))
    .query(({ ctx }) => listWatchlist(ctx)),

  save: marketMutation
    .meta({ apiKey: "trade" })
    .input(symbolInput)
    .output(savedStock)
    .mutation(({ ctx, input }) => saveToWatchlist(ctx, input.symbol)),

  remove: tradeKeyMutation
    .input(symbolInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => removeFromWatchlist(ctx, input.symbol)),
} satisfies TRPCRouterRecord;
