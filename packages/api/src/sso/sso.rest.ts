import * as contracts from "@ledgerline/contracts";
import { restRoute } from "../platform/rest/route";

export const ssoRoutes = [
  restRoute({
    method: "GET",
    url: "/auth/sso",
    operationId: "getSsoProvider",
    tag: "Accounts",
    summary: "The single sign-on provider's name for the login page's button, or null",
    description:
      "With a provider configured (OIDC_ISSUER), the browser signs in at GET /api/auth/sso/start, which redirects to the provider; the provider sends it back to GET /api/auth/sso/callback, which redirects to `/login?sso=<code>` (or `/login?ssoError=<reason>`).",
    access: "public",
    response: contracts.ssoProvider,
    call: (caller) => caller.sso.provider(),
  }),
  restRoute({
    method: "POST",
    url: "/auth/sso/session",
    operationId: "completeSsoSignIn",
    tag: "Accounts",
    summary:
      "Trade the one-time code of a single sign-on for the user and a bearer token, or a two-factor challenge",
    description:
      "The code is good once, for a minute. Answers as POST /api/auth/login does; a spent or expired code is a 400.",
    access: "public",
    body: contracts.ssoHandoffInput,
    response: contracts.loginAnswer,
    call: (caller, { body }) => caller.sso.complete(body),
  }),
  restRoute({
    method: "GET",
    url: "/admin/sso",
    operationId: "getSsoSettings",
    tag: "Administration",
    summary: "Whether single sign-on is configured, and whether it is required",
    access: "admin",
    response: contracts.ssoSettings,
    call: (caller) => caller.sso.settings(),
  }),
  restRoute({
    method: "PUT",
    url: "/admin/sso",
    operationId: "updateSsoSettings",
    tag: "Administration",
    summary: "Require single sign-on for every account but admins' (or allow passwords again)",
    description:
      "While required, password sign-in and registration answer 403 for everyone but admins, who keep their password in case the provider fails. Needs a configured provider (400 without one).",
    access: "admin",
    body: contracts.ssoSettingsInput,
    response: contracts.ssoSettings,
    call: (caller, { body }) => caller.sso.updateSettings(body),
  }),
];
