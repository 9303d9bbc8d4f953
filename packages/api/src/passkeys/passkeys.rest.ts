import * as contracts from "@ledgerline/contracts";
import { z } from "zod";
import { restRoute } from "../platform/rest/route";

const sessionOnly = "Only in a signed-in session: API keys are refused (403).";
const ceremony =
  "Give the options to `navigator.credentials.get` (or SimpleWebAuthn's `startAuthentication`) and send its answer to POST /api/auth/passkeys/verify within 5 minutes; each challenge is accepted once.";

export const passkeyRoutes = [
  restRoute({
    method: "POST",
    url: "/auth/passkeys/options",
    operationId: "passkeySignInOptions",
    tag: "Authentication",
    summary:
      "Start a sign-in with a passkey: WebAuthn request options (any passkey of this site, or with `mfaToken` the account's, as the second factor)",
    description: ceremony,
    access: "public",
    body: contracts.passkeySignInOptionsInput,
    response: contracts.passkeyRequestOptions,
    call: (caller, { body }) => caller.passkeys.signInOptions(body),
  }),
  restRoute({
    method: "POST",
    url: "/auth/passkeys/verify",
    operationId: "signInWithPasskey",
    tag: "Authentication",
    summary:
      "Sign in with a passkey's answer: the user and token, or (a passkey that did not verify its user, with two-factor sign-in on) `{ mfaRequired, mfaToken }`",
    description:
      "Counted and audited as a password sign-in: the same throttles (429 past them) and LOGIN entries (MFA_LOGIN as the second factor).",
    access: "public",
    body: contracts.passkeySignInInput,
    response: contracts.loginAnswer,
    call: (caller, { body }) => caller.passkeys.signIn(body),
  }),
  restRoute({
    method: "GET",
    url: "/account/passkeys",
    operationId: "listPasskeys",
    tag: "Account settings",
    summary: "The signed-in user's passkeys, with their names, creation and last use",
    description: sessionOnly,
    access: "user",
    response: z.array(contracts.passkeyView),
    call: (caller) => caller.passkeys.list(),
  }),
  restRoute({
    method: "POST",
    url: "/account/passkeys/options",
    operationId: "passkeyRegistrationOptions",
    tag: "Account settings",
    summary:
      "Start adding a passkey with the password: WebAuthn creation options for `navigator.credentials.create`",
    description: `Send the browser's answer to POST /api/account/passkeys within 5 minutes. ${sessionOnly}`,
    access: "user",
    body: contracts.passkeyRegistrationOptionsInput,
    response: contracts.passkeyCreationOptions,
    call: (caller, { body }) => caller.passkeys.registrationOptions(body),
  }),
  restRoute({
    method: "POST",
    url: "/account/passkeys",
    operationId: "createPasskey",
    tag: "Account settings",
    summary: "Add a passkey: its name and the browser's answer to the creation options",
    description: sessionOnly,
    access: "user",
    refusals: { 409: "The passkey is already registered" },
    body: contracts.createPasskeyInput,
    response: contracts.passkeyView,
    call: (caller, { body }) => caller.passkeys.create(body),
  }),
  restRoute({
    method: "DELETE",
    url: "/account/passkeys/:id",
    operationId: "deletePasskey",
    tag: "Account settings",
    summary: "Remove one of the signed-in user's passkeys, with the password",
    description: `The body carries the password: \`{ "password": "..." }\`. ${sessionOnly}`,
    access: "user",
    refusals: { 404: "No passkey with that id belongs to the signed-in user" },
    params: z.object({ id: z.string().describe("The passkey's numeric id") }),
    body: contracts.deletePasskeyInput.omit({ id: true }),
    response: contracts.messageResult,
    call: (caller, { params, body }) => caller.passkeys.delete({ ...body, id: params.id }),
  }),
];
