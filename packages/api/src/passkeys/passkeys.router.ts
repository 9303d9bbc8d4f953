import {
  createPasskeyInput,
  deletePasskeyInput,
  loginAnswer,
  messageResult,
  passkeyCreationOptions,
  passkeyRegistrationOptionsInput,
  passkeyRequestOptions,
  passkeySignInInput,
  passkeySignInOptionsInput,
  passkeyView,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { createPasskey, deletePasskey, listPasskeys, passkeyRegistrationOptions } from "./passkeys";
import { passkeySignInOptions, signInWithPasskey } from "./passkey-sign-in";
import { publicProcedure, sessionMutation, sessionProcedure } from "../platform/trpc/trpc";

/**
 * Passkeys (WebAuthn): signing in with one, and the signed-in user's own passkeys, managed only
 * in a session, never with an API key.
 */
export const passkeysRouter = {
  signInOptions: publicProcedure
    .input(passkeySignInOptionsInput)
    .output(passkeyRequestOptions)
    .mutation(({ ctx, input }) => passkeySignInOptions(ctx, input.mfaToken)),

  /** The user, or (a passkey that did not verify its user, two-factor on) the code's challenge. */
  signIn: publicProcedure
    .input(passkeySignInInput)
    .output(loginAnswer)
    .mutation(({ ctx, input }) => signInWithPasskey(ctx, input)),

  list: sessionProcedure.output(z.array(passkeyView)).query(({ ctx }) => listPasskeys(ctx)),

  registrationOptions: sessionMutation
    .input(passkeyRegistrationOptionsInput)
    .output(passkeyCreationOptions)
    .mutation(({ ctx, input }) => passkeyRegistrationOptions(ctx, input.password)),

  create: sessionMutation
    .input(createPasskeyInput)
    .output(passkeyView)
    .mutation(({ ctx, input }) => createPasskey(ctx, input)),

  delete: sessionMutation
    .input(deletePasskeyInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => deletePasskey(ctx, input)),
} satisfies TRPCRouterRecord;
