import {
  createInvestmentAccountInput,
  deletedInvestmentAccount,
  deleteInvestmentAccountInput,
  investmentAccount,
  reconcileInput,
  reconciliation,
  updateInvestmentAccountInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import {
  createInvestmentAccount,
  deleteInvestmentAccount,
  listInvestmentAccounts,
  updateInvestmentAccount,
} from "./investment-accounts";
import { tradeKeyMutation, userProcedure } from "../platform/trpc/trpc";
import { reconcileAccount } from "./reconcile";

/**
 * The signed-in user's investment accounts (REST `/api/accounts`). Not the sign-in account,
 * which is `account`. A read key may list them; a trade key may change them.
 */
export const investmentAccountsRouter = {
  list: userProcedure
    .meta({ cachedAnswer: "own-data" })
    .output(z.array(investmentAccount))
    .query(({ ctx }) => listInvestmentAccounts(ctx)),

  create: tradeKeyMutation
    .input(createInvestmentAccountInput)
    .output(investmentAccount)
    .mutation(({ ctx, input }) => createInvestmentAccount(ctx, input)),

  update: tradeKeyMutation
    .input(updateInvestmentAccountInput)
    .output(investmentAccount)
    .mutation(({ ctx, input }) => updateInvestmentAccount(ctx, input)),

  delete: tradeKeyMutation
    .input(deleteInvestmentAccountInput)
    .output(deletedInvestmentAccount)
    .mutation(({ ctx, input }) => deleteInvestmentAccount(ctx, input)),

  /**
   * The account against a statement: its holdings (and cash) at the end of `asOf` beside the
   * statement's. Changes nothing; a mutation (a statement is long), so a trade key, as every one.
   */
  reconcile: userProcedure
    .meta({ apiKey: "trade" })
    .input(reconcileInput)
    .output(reconciliation)
    .mutation(({ ctx, input }) => reconcileAccount(ctx, input)),
} satisfies TRPCRouterRecord;
