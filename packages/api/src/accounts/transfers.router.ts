import { transferInput, transferResult, type TransferInput } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { transferCash } from "../cash/cash";
import { tradeKeyMutation } from "../platform/trpc/trpc";
import { transferHolding } from "./transfers";

/** Transfers between two of the signed-in user's investment accounts (REST `/api/transfers`). */
export const transfersRouter = {
  /** Moves cash, or a quantity of a holding at the cost it carried, from one account to another. */
  create: tradeKeyMutation
    .input(transferInput)
    .output(transferResult)
    .mutation(({ ctx, input }) =>
      isCash(input) ? transferCash(ctx, input) : transferHolding(ctx, input),
    ),
} satisfies TRPCRouterRecord;

const isCash = (input: TransferInput): input is Extract<TransferInput, { amount: string }> =>
  "amount" in input;
