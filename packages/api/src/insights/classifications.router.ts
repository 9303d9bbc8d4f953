import {
  classificationOverrideInput,
  classificationTarget,
  classificationView,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { tradeKeyMutation, userProcedure } from "../platform/trpc/trpc";
import { clearClassification, readClassification, setClassification } from "./classification";

/** A symbol's sector, industry, country, asset class and size, or a coin's category (issue 33). */
export const classificationsRouter = {
  get: userProcedure
    .input(classificationTarget)
    .output(classificationView)
    .query(({ ctx, input }) => readClassification(ctx, input)),

  /** The person's own fields over the market's; replaces what they set before for the symbol. */
  set: tradeKeyMutation
    .input(classificationOverrideInput)
    .output(classificationView)
    .mutation(({ ctx, input }) => setClassification(ctx, input)),

  clear: tradeKeyMutation
    .input(classificationTarget)
    .output(classificationView)
    .mutation(({ ctx, input }) => clearClassification(ctx, input)),
} satisfies TRPCRouterRecord;
