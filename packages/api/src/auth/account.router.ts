import {
  messageResult,
  sessionUser,
  updateEmailInput,
  updatePasswordInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { deleteOwnAccount, updateEmail, updatePassword } from "./account";
import { sessionMutation } from "../platform/trpc/trpc";

export const accountRouter = {
  updatePassword: sessionMutation
    .input(updatePasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => updatePassword(ctx, input)),

  updateEmail: sessionMutation
    .input(updateEmailInput)
    .output(sessionUser)
    .mutation(({ ctx, input }) => updateEmail(ctx, input, ctx.session.expiresAt)),

  delete: sessionMutation.output(messageResult).mutation(({ ctx }) => deleteOwnAccount(ctx)),
} satisfies TRPCRouterRecord;
