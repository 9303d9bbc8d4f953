import {
  form8949File,
  form8949Labels,
  form8949Query,
  lotsQuery,
  methodPreview as methodPreviewAnswer,
  methodPreviewQuery,
  realizedQuery,
  realizedReport as realizedAnswer,
  type HarvestReport,
  type TaxLot,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { userProcedure } from "../platform/trpc/trpc";
import { methodPreview } from "./method-preview";
import { form8949Text, harvestReport, listLots, realizedReport } from "./tax-lots";

/** Tax lots, realized gains, Form 8949 and tax-loss harvesting (issue 32): the user's own data. */
export const taxRouter = {
  /**
   * A heavy trader's lots are hundreds of thousands: as the import's preview, the answer is not
   * checked against `taxLot` as it leaves (typed code builds it; the REST door's schema names
   * it), which held the event loop in one go, and its JSON is written in slices (longAnswer).
   */
  lots: userProcedure
    .meta({ longAnswer: true })
    .input(lotsQuery)
    .query(({ ctx, input }): Promise<TaxLot[]> => listLots(ctx, input)),

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

  /** Every open lot at a loss: as long an answer as the lots', written the same way. */
  harvest: userProcedure
    .meta({ longAnswer: true })
    .query(({ ctx }): Promise<HarvestReport> => harvestReport(ctx)),
} satisfies TRPCRouterRecord;
