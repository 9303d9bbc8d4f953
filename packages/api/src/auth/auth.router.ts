import {
  authUser,
  forgotPasswordInput,
  loginAnswer,
  loginInput,
  loginMfaInput,
  messageResult,
  registerInput,
  resetPasswordInput,
  sessionUser,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import {
  completeMfaLogin,
  login,
  logout,
  register,
  requestPasswordReset,
  resetPassword,
} from "./auth";
import { currentSession } from "./account";
import { publicProcedure, sessionMutation, sessionProcedure } from "../platform/trpc/trpc";

export const authRouter = {
  register: publicProcedure
    .input(registerInput)
    .output(authUser)
    .mutation(({ ctx, input }) => register(ctx, input)),

  /** The user, or with two-factor sign-in on `{ mfaRequired: true, mfaToken }` for `loginMfa`. */
  login: publicProcedure
    .input(loginInput)
    .output(loginAnswer)
    .mutation(({ ctx, input }) => login(ctx, input)),

  loginMfa: publicProcedure
    .input(loginMfaInput)
    .output(authUser)
    .mutation(({ ctx, input }) => completeMfaLogin(ctx, input)),

  logout: sessionMutation.output(messageResult).mutation(({ ctx }) => logout(ctx)),

  /** The signed-in user as stored now; used to confirm a restored session. */
  session: sessionProcedure
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
