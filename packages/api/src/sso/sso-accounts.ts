import { dateOf } from "@ledgerline/clock";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import { recordAudit, auditFailure } from "../admin/audit";
import { hashPassword } from "../auth/passwords";
import { newToken } from "../auth/tokens";
import { requestLocale } from "../locale/request-locale";
import type { RequestScope } from "../platform/scope";
import { SsoRefusal } from "./sso-refusal";

/** Who the provider says signed in, from its checked ID token (or userinfo). */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  /** Trimmed and lower-cased, as accounts store it. */
  email: string | undefined;
  /** The provider's `email_verified`: only a verified e-mail links an existing account. */
  emailVerified: boolean;
  name: string | undefined;
}

/**
 * The account an identity signs in to: the one linked to its issuer and subject; else the
 * account with its e-mail, linked now, only when the provider verified that e-mail; else a new
 * account (under the registration limit, as the register form), linked to it.
 */
export async function accountForIdentity(
  scope: RequestScope,
  identity: ProviderIdentity,
): Promise<UserRow> {
  const { repos } = scope.deps;
  const now = dateOf(scope.deps.clock);
  const linked = await repos.ssoIdentities.findUser(identity.issuer, identity.subject);
  if (linked) {
    await repos.ssoIdentities.touch(identity.issuer, identity.subject, now);
    return linked;
  }
  const { email } = identity;
  if (!email || email.length > EMAIL_MAX_LENGTH) {
    throw new SsoRefusal("noEmail", "provider gave no usable e-mail");
  }
  const existing = await repos.users.findByEmail(email);
  if (existing) {
    if (!identity.emailVerified) {
      await auditFailure(
        scope,
        "SSO_LINK",
        email,
        "E-mail not verified by the provider",
        existing.id,
      );
      throw new SsoRefusal("unverifiedEmail", "existing account, e-mail not verified");
    }
    await link(scope, existing, identity, email);
    return existing;
  }
  return createLinkedAccount(scope, identity, email);
}

async function createLinkedAccount(
  scope: RequestScope,
  identity: ProviderIdentity,
  email: string,
): Promise<UserRow> {
  const { repos, throttles, clock } = scope.deps;
  if (!(await throttles.registrationsPerIp.tryConsume(scope.ip ?? "unknown"))) {
    throw new SsoRefusal("registrationLimit", "registration limit reached");
  }
  // No password anyone knows: the account signs in through the provider, or sets one with a
  // reset link sent to its e-mail.
  const passwordHash = await hashPassword(newToken());
  const name = (identity.name ?? email.split("@")[0] ?? email).slice(0, NAME_MAX_LENGTH);
  const created = await repos.users.create(
    { email, name, passwordHash, locale: requestLocale(scope) },
    dateOf(clock),
  );
  // Taken between the look-up and the insert: the other sign-in (or registration) won.
  if (!created) throw new SsoRefusal("failed", "e-mail registered meanwhile");
  await recordAudit(scope, {
    event: "REGISTER",
    success: true,
    email,
    userId: created.id,
    details: "Through single sign-on",
  });
  await link(scope, created, identity, email);
  return created;
}

async function link(scope: RequestScope, user: UserRow, identity: ProviderIdentity, email: string) {
  const linked = await scope.deps.repos.ssoIdentities.link({
    userId: user.id,
    issuer: identity.issuer,
    subject: identity.subject,
    email,
    createdAt: dateOf(scope.deps.clock),
  });
  // Two sign-ins of one identity at once: the other made the link; it is the same account.
  if (!linked) return;
  await recordAudit(scope, {
    event: "SSO_LINK",
    success: true,
    email: user.email,
    userId: user.id,
    details: `${identity.issuer} ${identity.subject}`.slice(0, 500),
  });
}
