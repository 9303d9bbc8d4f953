import { apiKeyView, createApiKeyInput, createdApiKey, messageResult } from "@ledgerline/contracts";
import { z } from "zod";
import { restRoute } from "../platform/rest/route";

const keyScopes =
  "A key is sent as `Authorization: Bearer <key>`. Scope `read`: every GET and query; `trade`: also trades and watchlist changes. No key may manage the account, API keys, two-factor sign-in or administration (403), even an admin's. Keys are managed only in a signed-in session.";

export const apiKeyRoutes = [
  restRoute({
    method: "GET",
    url: "/api-keys",
    operationId: "listApiKeys",
    tag: "Account settings",
    summary:
      "The signed-in user's API keys, with creation, last use, scope and expiry (never the key)",
    description: keyScopes,
    access: "user",
    response: z.array(apiKeyView),
    call: (caller) => caller.apiKeys.list(),
  }),
  restRoute({
    method: "POST",
    url: "/api-keys",
    operationId: "createApiKey",
    tag: "Account settings",
    summary: "Create a personal API key; the answer is the only time the key itself is sent",
    description: keyScopes,
    access: "user",
    body: createApiKeyInput,
    response: createdApiKey,
    call: (caller, { body }) => caller.apiKeys.create(body),
  }),
  restRoute({
    method: "DELETE",
    url: "/api-keys/:id",
    operationId: "revokeApiKey",
    tag: "Account settings",
    summary: "Revoke one of the signed-in user's API keys; it stops working at once",
    access: "user",
    refusals: { 404: "No key with that id belongs to the signed-in user" },
    params: z.object({ id: z.string().describe("The key's numeric id") }),
    response: messageResult,
    call: (caller, { params }) => caller.apiKeys.revoke({ id: params.id }),
  }),
];
