import { portfolioHistory, portfolioHistoryInput, portfolioSummary } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  portfolioHistory as readHistory,
  portfolioSummary as readSummary,
} from "../../services/portfolio-summary";
import { userProcedure } from "../trpc";

/**
 * The portfolio summary. A price the market cannot give is replaced by the last known one and
 * flagged, so these never fail because of the market.
 */
export const portfolioSummaryRouter = {
  get: userProcedure.output(portfolioSummary).query(({ ctx }) => readSummary(ctx)),

  /** The value at each day's close over a range, for the chart. */
  history: userProcedure
    .input(portfolioHistoryInput)
    .output(portfolioHistory)
    .query(({ ctx, input }) => readHistory(ctx, input)),
} satisfies TRPCRouterRecord;
