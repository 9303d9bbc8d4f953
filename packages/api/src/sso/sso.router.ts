import {
  loginAnswer,
  ssoHandoffInput,
  ssoProvider as ssoProviderSchema,
  ssoSettings as ssoSettingsSchema,
  ssoSettingsInput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { adminMutation, adminProcedure, publicProcedure } from "../platform/trpc/trpc";
import { completeSsoSignIn } from "./sso-handoff";
import { ssoProvider, ssoSettings, updateSsoSettings } from "./sso-settings";

export const ssoRouter = {
  /** Whether the login page shows "Sign in with <name>". */
  provider: publicProcedure.output(ssoProviderSchema).query(({ ctx }) => ssoProvider(ctx.deps)),

  /** The provider's callback left a one-time code in the login page's address: a session for it. */
  complete: publicProcedure
    .input(ssoHandoffInput)
    .output(loginAnswer)
    .mutation(({ ctx, input }) => completeSsoSignIn(ctx, input.code)),

  settings: adminProcedure.output(ssoSettingsSchema).query(({ ctx }) => ssoSettings(ctx.deps)),

  updateSettings: adminMutation
    .input(ssoSettingsInput)
    .output(ssoSettingsSchema)
    .mutation(({ ctx, input }) => updateSsoSettings(ctx, input)),
} satisfies TRPCRouterRecord;
