import {
  cryptoSymbolInput,
  messageResult,
  saveCryptoInput,
  savedCrypto,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { listCryptoWatchlist, removeCrypto, saveCrypto } from "./crypto-watchlist";
import { marketMutation, marketProcedure, tradeKeyMutation } from "../platform/trpc/trpc";

/** The signed-in user's crypto watchlist; its prices come from the server's market service. */
export const cryptoWatchlistRouter = {
  list: marketProcedure.output(z.array(savedCrypto)).query(({ ctx }) => listCryptoWatchlist(ctx)),

  /** Watches a coin at the server's current quote; posted figures are accepted but not used. */
  save: marketMutation
    .meta({ apiKey: "trade" })
    .input(saveCryptoInput)
    .output(savedCrypto)
    .mutation(({ ctx, input }) => saveCrypto(ctx, input.symbol)),

  /** Refused with a 409 while the coin is held. */
  remove: tradeKeyMutation
    .input(cryptoSymbolInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => removeCrypto(ctx, input.symbol)),
} satisfies TRPCRouterRecord;
