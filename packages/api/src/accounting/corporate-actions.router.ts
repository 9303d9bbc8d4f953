import {
  accountFilter,
  corporateActionsAnswer,
  corporateActionsInput,
  corporateActionsResyncAnswer,
  incomeAnswer,
  incomeCalendar,
  incomeCalendarInput,
  incomeCreateInput,
  incomeForecast,
  incomeForecastInput,
  incomeDeleteInput,
  incomeEntry,
  incomeUpdateInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  createIncome,
  deleteIncome,
  listIncome,
  resyncCorporateActions,
  updateIncome,
} from "./corporate-actions";
import { incomeCalendarOf, incomeForecastOf } from "./income-forecast";
import {
  adminProcedure,
  marketProcedure,
  userMutation,
  userProcedure,
} from "../platform/trpc/trpc";

/** Splits and dividends of a stock (market data), and the admin's re-sync of them. */
export const corporateActionsRouter = {
  /** Newest first. */
  list: marketProcedure
    .input(corporateActionsInput)
    .output(corporateActionsAnswer)
    .query(({ ctx, input }) => ctx.deps.market.stocks.getCorporateActions(input.symbol)),

  resync: adminProcedure
    .input(corporateActionsInput)
    .output(corporateActionsResyncAnswer)
    .mutation(({ ctx, input }) => resyncCorporateActions(ctx.deps, input.symbol)),
} satisfies TRPCRouterRecord;

/** The signed-in user's dividend income: made from the market's dividends, editable by hand. */
export const incomeRouter = {
  list: userProcedure
    .input(accountFilter.optional())
    .output(incomeAnswer)
    .query(({ ctx, input }) => listIncome(ctx, input)),

  /** The held stocks' dividends ahead: declared, or expected from each one's rhythm. */
  calendar: userProcedure
    .input(incomeCalendarInput.optional())
    .output(incomeCalendar)
    .query(({ ctx, input }) => incomeCalendarOf(ctx, input ?? {})),

  /** The next twelve months' dividends by month, and each holding's yields. */
  forecast: userProcedure
    .input(incomeForecastInput.optional())
    .output(incomeForecast)
    .query(({ ctx, input }) => incomeForecastOf(ctx, input ?? {})),

  create: userMutation
    .input(incomeCreateInput)
    .output(incomeEntry)
    .mutation(({ ctx, input }) => createIncome(ctx, input)),

  update: userMutation
    .input(incomeUpdateInput)
    .output(incomeEntry)
    .mutation(({ ctx, input }) => updateIncome(ctx, input)),

  delete: userMutation
    .input(incomeDeleteInput)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await deleteIncome(ctx, input.id);
      return { ok: true as const };
    }),
} satisfies TRPCRouterRecord;
