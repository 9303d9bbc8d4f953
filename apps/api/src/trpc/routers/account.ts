import {
  messageResult,
  sessionUser,
  updateEmailInput,
  updatePasswordInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { deleteOwnAccount, updateEmail, updatePassword } from "../../services/account";
import { userMutation } from "../trpc";

export const accountRouter = {
  updatePassword: userMutation
    .input(updatePasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => updatePassword(ctx, input)),

  updateEmail: userMutation
    .input(updateEmailInput)
    .output(sessionUser)
    .mutation(({ ctx, input }) => updateEmail(ctx, input, ctx.session.expiresAt)),

  delete: userMutation.output(messageResult).mutation(({ ctx }) => deleteOwnAccount(ctx)),
} satisfies TRPCRouterRecord;
