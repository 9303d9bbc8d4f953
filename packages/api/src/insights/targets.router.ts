import {
  portfolioTargets,
  portfolioTargetsInput,
  rebalance,
  rebalanceInput,
  targetsQuery,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { tradeKeyMutation, userProcedure } from "../platform/trpc/trpc";
import { rebalanceOf } from "./rebalance";
import { setTargets, targetsOf } from "./targets";

/** Where the portfolio should be: target weights, and the trades that bring it back to them. */
export const targetsRouter = {
  get: userProcedure
    .input(targetsQuery)
    .output(portfolioTargets)
    .query(({ ctx, input }) => targetsOf(ctx, input)),

  /** Replaces a dimension's targets as a whole; the weights add to 1, or none clears them. */
  set: tradeKeyMutation
    .input(portfolioTargetsInput)
    .output(portfolioTargets)
    .mutation(({ ctx, input }) => setTargets(ctx, input)),

  rebalance: userProcedure
    .input(rebalanceInput)
    .output(rebalance)
    .query(({ ctx, input }) => rebalanceOf(ctx, input)),
} satisfies TRPCRouterRecord;
