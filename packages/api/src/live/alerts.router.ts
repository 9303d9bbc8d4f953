import { alert, alertIdInput, createAlertInput, messageResult } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { createAlert, deleteAlert, listAlerts } from "./alerts";
import { marketMutation, userMutation, userProcedure } from "../platform/trpc/trpc";

/** The signed-in user's price alerts; the server evaluates them on every price update. */
export const alertsRouter = {
  list: userProcedure.output(z.array(alert)).query(({ ctx }) => listAlerts(ctx)),

  /** Reads the asset's price (an unknown symbol is a 400) and fires at once if already crossed. */
  create: marketMutation
    .input(createAlertInput)
    .output(alert)
    .mutation(({ ctx, input }) => createAlert(ctx, input)),

  delete: userMutation
    .input(alertIdInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => deleteAlert(ctx, input.id)),
} satisfies TRPCRouterRecord;
