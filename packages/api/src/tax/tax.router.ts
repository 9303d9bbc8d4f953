import {
  form8949File,
  form8949Labels,
  form8949Query,
  harvestQuery,
  harvestReport as harvestReportAnswer,
  lotsPage,
  lotsQuery,
  methodPreview as methodPreviewAnswer,
  methodPreviewQuery,
  realizedQuery,
  realizedReport as realizedAnswer,
  type HarvestReport,
  type LotsPage,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { userProcedure } from "../platform/trpc/trpc";
import { methodPreview } from "./method-preview";
import { form8949Text, harvestReport, listLots, realizedReport } from "./tax-lots";

/** Tax lots, realized gains, Form 8949 and tax-loss harvesting (issue 32): the user's own data. */
export const taxRouter = {
  /**
   * A heavy trader's lots are hundreds of thousands: they come a page at a time (decision 0046),
   * and the page is checked against `lotsPage` as it leaves.
   */
  lots: userProcedure
    .input(lotsQuery)
    .output(lotsPage)
    .query(({ ctx, input }): Promise<LotsPage> => listLots(ctx, input)),

  realized: userProcedure
    .input(realizedQuery)
    .output(realizedAnswer)
    .query(({ ctx, input }) => realizedReport(ctx, input)),

  form8949: userProcedure
    .input(form8949Query)
    .output(form8949File)
    .query(async ({ ctx, input }) => ({
      filename: form8949Labels.filename(input.year),
      csv: await form8949Text(ctx, input.year),
    })),

  /** An account's realized gain by year under its method and another, changing nothing. */
  methodPreview: userProcedure
    .input(methodPreviewQuery)
    .output(methodPreviewAnswer)
    .query(({ ctx, input }) => methodPreview(ctx, input)),

  /** A page of the open lots at a loss, with the count and loss of them all. */
  harvest: userProcedure
    .input(harvestQuery)
    .output(harvestReportAnswer)
    .query(({ ctx, input }): Promise<HarvestReport> => harvestReport(ctx, input)),
} satisfies TRPCRouterRecord;
