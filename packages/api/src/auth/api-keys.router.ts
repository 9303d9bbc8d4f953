import {
  apiKeyIdInput,
  apiKeyView,
  createApiKeyInput,
  createdApiKey,
  messageResult,
} from "@ledgerline/contracts";
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-keys";
import { sessionMutation, sessionProcedure } from "../platform/trpc/trpc";

/** A user's personal API keys; managed only in a signed-in session, never with a key. */
export const apiKeysRouter = {
  list: sessionProcedure.output(z.array(apiKeyView)).query(({ ctx }) => listApiKeys(ctx)),

  create: sessionMutation
    .input(createApiKeyInput)
    .output(createdApiKey)
    .mutation(({ ctx, input }) => createApiKey(ctx, input)),

  revoke: sessionMutation
    .input(apiKeyIdInput)
    .output(messageResult)
    .mutation(({ ctx, input }) => revokeApiKey(ctx, input.id)),
} satisfies TRPCRouterRecord;
