import {
  cashActivity,
  cashActivityList,
  cashListQuery,
  createCashActivityInput,
  deleteCashActivityInput,
  deletedCashActivity,
  updateCashActivityInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { createCash, deleteCash, listCash, updateCash } from "./cash";
import { tradeKeyMutation, userProcedure } from "../platform/trpc/trpc";

/**
 * The signed-in user's cash activities (REST `/api/cash`): deposits, withdrawals, interest, fees,
 * tax withheld, and the sides of transfers. A read key may list them; a trade key may change them.
 */
export const cashRouter = {
  list: userProcedure
    .input(cashListQuery)
    .output(cashActivityList)
    .query(({ ctx, input }) => listCash(ctx, input)),

  create: tradeKeyMutation
    .input(createCashActivityInput)
    .output(cashActivity)
    .mutation(({ ctx, input }) => createCash(ctx, input)),

  update: tradeKeyMutation
    .input(updateCashActivityInput)
    .output(cashActivity)
    .mutation(({ ctx, input }) => updateCash(ctx, input)),

  delete: tradeKeyMutation
    .input(deleteCashActivityInput)
    .output(deletedCashActivity)
    .mutation(({ ctx, input }) => deleteCash(ctx, input.id)),
} satisfies TRPCRouterRecord;
