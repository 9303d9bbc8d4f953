import {
  adminResetPasswordInput,
  messageResult,
  userIdInput,
  userListRow,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { deleteUser, listUsers, resetUserPassword } from "./user-admin";
import { adminMutation, adminProcedure } from "../platform/trpc/trpc";

export const usersRouter = {
  list: adminProcedure
    .meta({ cachedAnswer: "all-users" })
    .output(z.array(userListRow))
    .query(({ ctx }) => listUsers(ctx)),

  delete: adminMutation
    .input(userIdInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => deleteUser(ctx, input.id)),

  resetPassword: adminMutation
    .input(adminResetPasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => resetUserPassword(ctx, input.id, input.newPassword)),
} satisfies TRPCRouterRecord;
