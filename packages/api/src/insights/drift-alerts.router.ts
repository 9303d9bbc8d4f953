import { driftAlert, driftAlertInput, driftAlertPath, messageResult } from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { userMutation, userProcedure } from "../platform/trpc/trpc";
import { deleteDriftAlert, listDriftAlerts, setDriftAlert } from "./drift-alerts";

/** Alerts on the target mixes: notify when a weight drifts more than N points off (issue 33). */
export const driftAlertsRouter = {
  list: userProcedure.output(z.array(driftAlert)).query(({ ctx }) => listDriftAlerts(ctx)),

  /** Sets or replaces a dimension's alert, armed afresh, and checks it at once. */
  set: userMutation
    .input(driftAlertInput)
    .output(driftAlert)
    .mutation(({ ctx, input }) => setDriftAlert(ctx, input)),

  delete: userMutation
    .input(driftAlertPath)
    .output(messageResult)
    .mutation(({ ctx, input }) => deleteDriftAlert(ctx, input.by)),
} satisfies TRPCRouterRecord;
