import {
  transactionBatch,
  transactionBatchInput,
  transactionPage,
  transactionPageInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { transactionBatch as readBatch, transactionPage as readPage } from "./transactions";
import { userProcedure } from "../platform/trpc/trpc";

/** The signed-in user's transaction history, filtered and sorted on the server. */
export const transactionsRouter = {
  /** One page with the (capped) count: what the history screen shows. */
  list: userProcedure
    .meta({ cachedAnswer: "own-data" })
    .input(transactionPageInput)
    .output(transactionPage)
    .query(({ ctx, input }) => readPage(ctx, input)),

  /** The batch after a cursor: how the full REST list and the CSV export read any length. */
  batch: userProcedure
    .input(transactionBatchInput)
    .output(transactionBatch)
    .query(({ ctx, input }) => readBatch(ctx, input)),
} satisfies TRPCRouterRecord;
