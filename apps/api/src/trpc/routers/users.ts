import {
  adminResetPasswordInput,
  messageResult,
  userIdInput,
  userListRow,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { deleteUser, listUsers, resetUserPassword } from "../../services/user-admin";
import { adminProcedure } from "../trpc";

export const usersRouter = {
  list: adminProcedure.output(z.array(userListRow)).query(({ ctx }) => listUsers(ctx)),

  delete: adminProcedure
    .input(userIdInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => deleteUser(ctx, input.id)),

  resetPassword: adminProcedure
    .input(adminResetPasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => resetUserPassword(ctx, input.id, input.newPassword)),
} satisfies TRPCRouterRecord;
