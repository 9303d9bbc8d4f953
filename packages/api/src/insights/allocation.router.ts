import {
  allocation,
  allocationInput,
  portfolioPerformanceInput,
  portfolioRisk,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { userProcedure } from "../platform/trpc/trpc";
import { allocationOf } from "./allocation";
import { portfolioRiskOf } from "./risk";

/**
 * What the portfolio is made of (by sector, industry, country, asset class, account or symbol),
 * and how risky it has been.
 */
export const insightsRouter = {
  allocation: userProcedure
    .input(allocationInput)
    .output(allocation)
    .query(({ ctx, input }) => allocationOf(ctx, input)),

  /** Volatility, maximum drawdown, Sharpe ratio, beta and correlation over a range. */
  risk: userProcedure
    .input(portfolioPerformanceInput)
    .output(portfolioRisk)
    .query(({ ctx, input }) => portfolioRiskOf(ctx, input)),
} satisfies TRPCRouterRecord;
