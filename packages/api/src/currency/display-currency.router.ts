import { displayCurrencySetting, fxRates, fxRatesInput } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { marketProcedure, userMutation, userProcedure } from "../platform/trpc/trpc";
import {
  displayCurrencySetting as currentSetting,
  displayRates,
  setDisplayCurrency,
} from "./display-currency";

export const displayCurrencyRouter = {
  get: userProcedure.output(displayCurrencySetting).query(({ ctx }) => currentSetting(ctx)),

  set: userMutation
    .input(displayCurrencySetting)
    .output(displayCurrencySetting)
    .mutation(({ ctx, input }) => setDisplayCurrency(ctx, input)),

  /** USD-to-display-currency rates of a range of days, for the web to convert its figures with. */
  rates: marketProcedure
    .input(fxRatesInput)
    .output(fxRates)
    .query(({ ctx, input }) => displayRates(ctx, input)),
} satisfies TRPCRouterRecord;
