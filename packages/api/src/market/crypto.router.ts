import {
  cryptoCurrencyList,
  cryptoHistoryInput,
  cryptoQuote,
  cryptoQuoteResult,
  cryptoSymbolInput,
  cryptoSymbolsInput,
  historicalBar,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { cryptoQuotes } from "./market";
import { marketProcedure } from "../platform/trpc/trpc";

/** Crypto market reads: the browser never calls a crypto provider itself. */
export const cryptoRouter = {
  quote: marketProcedure
    .input(cryptoSymbolInput)
    .output(cryptoQuote)
    .query(({ ctx, input }) => ctx.deps.market.crypto.getQuote(input.symbol)),

  quotes: marketProcedure
    .input(cryptoSymbolsInput)
    .output(z.array(cryptoQuoteResult))
    .query(({ ctx, input }) => cryptoQuotes(ctx.deps, input.symbols)),

  currencies: marketProcedure
    .output(cryptoCurrencyList)
    .query(({ ctx }) => ctx.deps.market.crypto.listCurrencies()),

  /** Daily bars for a chart range ending today (UTC days), finished days persisted. */
  history: marketProcedure
    .input(cryptoHistoryInput)
    .output(z.array(historicalBar))
    .query(({ ctx, input }) => ctx.deps.market.crypto.getHistoricalBars(input.symbol, input.range)),
} satisfies TRPCRouterRecord;
