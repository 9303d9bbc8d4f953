import {
  historyUpdate,
  holdingsPerformance,
  portfolioHistory,
  portfolioHistoryInput,
  portfolioPerformanceDetail,
  portfolioPerformanceInput,
  portfolioSummary,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  portfolioHistory as readHistory,
  portfolioSummary as readSummary,
} from "./portfolio-summary";
import { historyUpdate as readHistoryUpdate } from "./history-update";
import { holdingsPerformance as readHoldingsPerformance } from "./holding-performance";
import { portfolioPerformance } from "./performance";
import { finalPoints, readStoredWhileUpdating } from "./stored-history";
import { userProcedure } from "../platform/trpc/trpc";

/**
 * The portfolio summary. A price the market cannot give is replaced by the last known one and
 * flagged, so these never fail because of the market.
 */
export const portfolioSummaryRouter = {
  get: userProcedure.output(portfolioSummary).query(({ ctx }) => readSummary(ctx)),

  /**
   * The value at each day's close over a range, for the chart. While a back-dated change's
   * history is recomputed, this and the returns below answer from the days stored before it,
   * marked `updating` (stored-history.ts), the chart's points stopping before the restated days.
   */
  history: userProcedure
    .input(portfolioHistoryInput)
    .output(portfolioHistory)
    .query(async ({ ctx, input }) =>
      finalPoints(await readStoredWhileUpdating(ctx, (scope) => readHistory(scope, input))),
    ),

  /** Whether the daily history is being recomputed, and from which day (never waits for it). */
  historyUpdate: userProcedure.output(historyUpdate).query(({ ctx }) => readHistoryUpdate(ctx)),

  /** The returns over a period, with what each figure is computed from (issue 15). */
  performance: userProcedure
    .input(portfolioPerformanceInput)
    .output(portfolioPerformanceDetail)
    .query(({ ctx, input }) =>
      readStoredWhileUpdating(ctx, (scope) => portfolioPerformance(scope, input.range, input)),
    ),

  /** Each holding's returns over a range, on the portfolio's definitions. */
  holdingPerformance: userProcedure
    .input(portfolioPerformanceInput)
    .output(holdingsPerformance)
    .query(({ ctx, input }) =>
      readStoredWhileUpdating(ctx, (scope) => readHoldingsPerformance(scope, input.range, input)),
    ),
} satisfies TRPCRouterRecord;
