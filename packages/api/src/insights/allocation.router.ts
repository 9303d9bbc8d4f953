import { allocation, allocationInput } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { userProcedure } from "../platform/trpc/trpc";
import { allocationOf } from "./allocation";

/** What the portfolio is made of: by sector, industry, country, asset class, account or symbol. */
export const insightsRouter = {
  allocation: userProcedure
    .input(allocationInput)
    .output(allocation)
    .query(({ ctx, input }) => allocationOf(ctx, input)),
} satisfies TRPCRouterRecord;
