import { marketMovers, postedMoversInput, secretInput, secretValue } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { readSecret, storeMarketMovers } from "./market";
import { adminMutation, adminProcedure } from "../platform/trpc/trpc";

/** Market operations for admins only (the original let any client post movers and read keys). */
export const adminMarketRouter = {
  storeMovers: adminMutation
    .input(postedMoversInput)
    .output(marketMovers)
    .mutation(({ ctx, input }) => storeMarketMovers(ctx, input)),

  secret: adminProcedure
    .input(secretInput)
    .output(secretValue)
    .query(({ ctx, input }) => readSecret(ctx, input.name)),
} satisfies TRPCRouterRecord;
