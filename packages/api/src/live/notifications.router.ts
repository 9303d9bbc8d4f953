import {
  markNotificationsReadInput,
  markNotificationsReadResult,
  notification,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { listNotifications, markNotificationsRead } from "./alerts";
import { userMutation, userProcedure } from "../platform/trpc/trpc";

/** The navbar bell's notification centre: the signed-in user's notifications, newest first. */
export const notificationsRouter = {
  /** In the reader's language, through both doors (the REST door calls it). */
  list: userProcedure
    .output(z.array(notification))
    .query(({ ctx }) => listNotifications(ctx, ctx.language)),

  markRead: userMutation
    .input(markNotificationsReadInput)
    .output(markNotificationsReadResult)
    .mutation(({ ctx, input }) => markNotificationsRead(ctx, input.ids)),
} satisfies TRPCRouterRecord;
