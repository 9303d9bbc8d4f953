import {
  authUser,
  forgotPasswordInput,
  loginInput,
  messageResult,
  registerInput,
  resetPasswordInput,
  sessionUser,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { login, logout, register, requestPasswordReset, resetPassword } from "../../services/auth";
import { currentSession } from "../../services/account";
import { publicProcedure, userMutation, userProcedure } from "../trpc";

export const authRouter = {
  register: publicProcedure
    .input(registerInput)
    .output(authUser)
    .mutation(({ ctx, input }) => register(ctx, input)),

  login: publicProcedure
    .input(loginInput)
    .output(authUser)
    .mutation(({ ctx, input }) => login(ctx, input)),

  logout: userMutation.output(messageResult).mutation(({ ctx }) => logout(ctx)),

  /** The signed-in user as stored now; used to confirm a restored session. */
  session: userProcedure
    .output(sessionUser)
    .query(({ ctx }) => currentSession(ctx, ctx.session.expiresAt)),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input.email)),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => resetPassword(ctx, input)),
} satisfies TRPCRouterRecord;
