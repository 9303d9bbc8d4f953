import {
  messageResult,
  mfaDisableInput,
  mfaEnableInput,
  mfaPasswordInput,
  mfaRecoveryCodes,
  mfaSetup,
  mfaStatus as mfaStatusOutput,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { disableMfa, enableMfa, mfaStatus, setUpMfa } from "./mfa";
import { sessionMutation, sessionProcedure } from "../platform/trpc/trpc";

/** Two-factor sign-in (TOTP) of the signed-in user; in a session only, never with an API key. */
export const mfaRouter = {
  status: sessionProcedure.output(mfaStatusOutput).query(({ ctx }) => mfaStatus(ctx)),

  setup: sessionMutation
    .input(mfaPasswordInput)
    .output(mfaSetup)
    .mutation(({ ctx, input }) => setUpMfa(ctx, input.password)),

  enable: sessionMutation
    .input(mfaEnableInput)
    .output(mfaRecoveryCodes)
    .mutation(({ ctx, input }) => enableMfa(ctx, input.code)),

  disable: sessionMutation
    .input(mfaDisableInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => disableMfa(ctx, input)),
} satisfies TRPCRouterRecord;
