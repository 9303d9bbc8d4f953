import {
  allocation,
  allocationInput,
  monthlyReturns,
  monthlyReturnsInput,
  portfolioPerformanceInput,
  portfolioRisk,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { readStoredWhileUpdating } from "../accounting/stored-history";
import { userProcedure } from "../platform/trpc/trpc";
import { allocationOf } from "./allocation";
import { monthlyReturnsFor } from "./monthly-returns";
import { portfolioRiskIn, portfolioRiskOf } from "./risk";

/**
 * What the portfolio is made of (by sector, industry, country, asset class, account or symbol),
 * how risky it has been and how it did month by month.
 */
export const insightsRouter = {
  allocation: userProcedure
    .input(allocationInput)
    .output(allocation)
    .query(({ ctx, input }) => allocationOf(ctx, input)),

  /**
   * Volatility, maximum drawdown, Sharpe ratio, beta and correlation over a range. This and the
   * monthly returns answer from the stored history during its update, marked (stored-history.ts).
   * A missing figure's reason is in the request's language.
   */
  risk: userProcedure
    .input(portfolioPerformanceInput)
    .output(portfolioRisk)
    .query(async ({ ctx, input }) =>
      portfolioRiskIn(
        await readStoredWhileUpdating(ctx, (scope) => portfolioRiskOf(scope, input)),
        ctx.language,
      ),
    ),

  /** Each month's and each year's time-weighted return, beside the benchmark's year. */
  monthlyReturns: userProcedure
    .input(monthlyReturnsInput)
    .output(monthlyReturns)
    .query(({ ctx, input }) =>
      readStoredWhileUpdating(ctx, (scope) => monthlyReturnsFor(scope, input)),
    ),
} satisfies TRPCRouterRecord;
