import { overviewCounts } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { overviewCounts as readCounts } from "./overview";
import { userProcedure } from "../platform/trpc/trpc";

/** The landing page's Quick Overview tiles, in one call. */
export const overviewRouter = {
  counts: userProcedure.output(overviewCounts).query(({ ctx }) => readCounts(ctx)),
} satisfies TRPCRouterRecord;
