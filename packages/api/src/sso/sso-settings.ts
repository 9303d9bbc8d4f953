import { dateOf } from "@ledgerline/clock";
import {
  ssoMessages,
  type SsoProvider,
  type SsoSettings,
  type SsoSettingsInput,
} from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import { recordAudit, auditSuccess } from "../admin/audit";
import { badRequest, forbidden } from "../platform/errors";
import type { AppDeps, RequestScope, UserScope } from "../platform/scope";

/** The app_settings row an admin turns on to require single sign-on. */
const REQUIRED_KEY = "sso.required";

/** What the login page needs: the button's name, or null without single sign-on. */
export function ssoProvider(deps: AppDeps): SsoProvider {
  return { name: deps.sso?.settings.name ?? null };
}

/** Whether an admin requires single sign-on (only while a provider is configured). */
export async function ssoRequired(deps: AppDeps): Promise<boolean> {
  if (!deps.sso) return false;
  return (await deps.repos.appSettings.get(REQUIRED_KEY)) === true;
}

export async function ssoSettings(deps: AppDeps): Promise<SsoSettings> {
  return {
    configured: deps.sso !== undefined,
    name: deps.sso?.settings.name ?? null,
    required: await ssoRequired(deps),
  };
}

export async function updateSsoSettings(
  scope: UserScope,
  input: SsoSettingsInput,
): Promise<SsoSettings> {
  const { deps } = scope;
  if (input.required && !deps.sso) throw badRequest(ssoMessages.notConfigured);
  await deps.repos.appSettings.set(REQUIRED_KEY, input.required, dateOf(deps.clock), scope.user.id);
  await auditSuccess(
    scope,
    "SSO_SETTINGS_CHANGE",
    scope.user,
    input.required ? "Single sign-on required" : "Password sign-in allowed",
  );
  return ssoSettings(deps);
}

/**
 * Password sign-in (and registering with a password) while single sign-on is required: refused
 * for everyone but admins, who keep their password so a provider that is down or misconfigured
 * cannot lock the deployment out (decision in docs/decisions).
 */
export async function assertPasswordSignInAllowed(
  scope: RequestScope,
  user: UserRow | undefined,
): Promise<void> {
  if (user?.isAdmin || !(await ssoRequired(scope.deps))) return;
  await recordAudit(scope, {
    event: user ? "LOGIN" : "REGISTER",
    success: false,
    email: user?.email,
    userId: user?.id,
    failureReason: "Single sign-on required",
  });
  throw forbidden(ssoMessages.required);
}
