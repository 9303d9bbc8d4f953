import * as contracts from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

const sessionOnly = "Only in a signed-in session: API keys are refused (403).";

export const mfaRoutes = [
  restRoute({
    method: "GET",
    url: "/account/mfa",
    operationId: "getMfaStatus",
    tag: "Account settings",
    summary: "Whether two-factor sign-in is on, and how many recovery codes are left",
    description: sessionOnly,
    access: "user",
    response: contracts.mfaStatus,
    call: (caller) => caller.mfa.status(),
  }),
  restRoute({
    method: "POST",
    url: "/account/mfa/setup",
    operationId: "setUpMfa",
    tag: "Account settings",
    summary:
      "Start two-factor sign-in with the password: a new TOTP secret and its otpauth:// URL (for a QR code)",
    description: `Nothing changes at sign-in until POST /api/account/mfa/enable confirms a code from the secret. ${sessionOnly}`,
    access: "user",
    refusals: { 409: "Two-factor sign-in is already on" },
    body: contracts.mfaPasswordInput,
    response: contracts.mfaSetup,
    call: (caller, { body }) => caller.mfa.setup(body),
  }),
  restRoute({
    method: "POST",
    url: "/account/mfa/enable",
    operationId: "enableMfa",
    tag: "Account settings",
    summary:
      "Turn two-factor sign-in on with a code from the new secret; answers 10 single-use recovery codes, shown this once",
    description: sessionOnly,
    access: "user",
    refusals: { 409: "Two-factor sign-in is already on" },
    body: contracts.mfaEnableInput,
    response: contracts.mfaRecoveryCodes,
    call: (caller, { body }) => caller.mfa.enable(body),
  }),
  restRoute({
    method: "POST",
    url: "/account/mfa/disable",
    operationId: "disableMfa",
    tag: "Account settings",
    summary:
      "Turn two-factor sign-in off with the password and a current code (or a recovery code); the recovery codes are deleted",
    description: sessionOnly,
    access: "user",
    body: contracts.mfaDisableInput,
    response: contracts.messageResult,
    call: (caller, { body }) => caller.mfa.disable(body),
  }),
];
