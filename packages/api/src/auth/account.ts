import {
  messages,
  type MessageResult,
  type SessionUser,
  type UpdateEmailInput,
  type UpdatePasswordInput,
} from "@ledgerline/contracts";
import { emailChangedMail } from "../platform/mail/templates";
import { withDeliveryKey } from "../platform/mail/mailer";
import { recordAudit, auditSuccess } from "../admin/audit";
import { assertAcceptablePassword } from "./auth";
import { replacePassword } from "./credentials";
import { conflict, forbidden, tooManyRequests } from "../platform/errors";
import { hashPassword } from "./passwords";
import { requireCurrentPassword } from "./reauth";
import type { SessionScope } from "../platform/scope";
import { toSessionUser } from "./user-views";

export function currentSession(scope: SessionScope, expiresAt: Date): SessionUser {
  return toSessionUser(scope.user, expiresAt);
}

/** Other sessions are signed out and API keys revoked; the session making the change stays. */
export async function updatePassword(
  scope: SessionScope,
  input: UpdatePasswordInput,
): Promise<MessageResult> {
  await requireCurrentPassword(scope, input.currentPassword, "PASSWORD_CHANGE");
  await assertAcceptablePassword(input.newPassword);
  const revoked = await replacePassword(
    scope,
    scope.user,
    await hashPassword(input.newPassword),
    "account settings",
    scope.sessionTokenHash,
  );
  await auditSuccess(scope, "PASSWORD_CHANGE", scope.user, revoked);
  return { message: messages.passwordUpdated };
}

/**
 * The password is asked again and the old address is told about the change, so a hijacked session
 * cannot move an account (and its password resets) silently;
 * other sessions are signed out and open reset links die with the old address.
 */
export async function updateEmail(
  scope: SessionScope,
  input: UpdateEmailInput,
  expiresAt: Date,
): Promise<SessionUser> {
  const { repos, throttles } = scope.deps;
  const oldEmail = scope.user.email;
  // Before anything else, so a stolen session can neither move the account nor probe addresses.
  await requireCurrentPassword(scope, input.currentPassword, "EMAIL_CHANGE");
  if (input.newEmail === oldEmail) return toSessionUser(scope.user, expiresAt);
  if (!(await throttles.emailChangesPerUser.tryConsume(String(scope.user.id)))) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  if (!(await repos.users.setEmail(scope.user.id, input.newEmail))) {
    await recordAudit(scope, {
      event: "EMAIL_CHANGE",
      success: false,
      email: oldEmail,
      userId: scope.user.id,
      failureReason: "Email already in use",
      details: `to ${input.newEmail}`,
    });
    throw conflict(messages.emailInUse);
  }
  // As with a new password: whoever holds another session of the old address is signed out.
  await repos.sessions.deleteAllForUser(scope.user.id, scope.sessionTokenHash);
  scope.deps.jobs.enqueue(
    "mail",
    withDeliveryKey(emailChangedMail(scope.user, oldEmail, input.newEmail)),
  );
  await recordAudit(scope, {
    event: "EMAIL_CHANGE",
    success: true,
    email: input.newEmail,
    userId: scope.user.id,
    details: `from ${oldEmail}`,
  });
  return toSessionUser({ ...scope.user, email: input.newEmail }, expiresAt);
}

/** One DELETE: the user's sessions, tokens and every row they own go with it (ON DELETE CASCADE). */
export async function deleteOwnAccount(scope: SessionScope): Promise<MessageResult> {
  if (scope.user.isAdmin) throw forbidden(messages.adminCannotSelfDelete);
  await scope.deps.repos.users.delete(scope.user.id);
  await recordAudit(scope, { event: "ACCOUNT_DELETE", success: true, email: scope.user.email });
  return { message: "Your account has been deleted" };
}
