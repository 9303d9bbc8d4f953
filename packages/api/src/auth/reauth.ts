import { messages, type AuditEvent } from "@ledgerline/contracts";
import { recordAudit } from "../admin/audit";
import { badRequest, tooManyRequests } from "../platform/errors";
import { verifyPassword } from "./passwords";
import type { SessionScope } from "../platform/scope";

interface Confirmation {
  /** The event of the change the answer confirms, written to the audit log when it is wrong. */
  event: AuditEvent;
  failureReason: string;
  /** The 400's message. */
  message: string;
  /**
   * Whether the answer is right; may spend it (a one-time code). A wrong answer may say why in
   * its own words, which replace `failureReason` and `message`.
   */
  check: () => Promise<boolean | { failureReason: string; message: string }>;
}

/**
 * Checks something the signed-in user is asked again before a change that outlives the session
 * (the password, a two-factor code), so a stolen session alone cannot make the change. Wrong
 * answers are written to the audit log under the change's event and counted per user, so a
 * session cannot be used to guess them either.
 */
export async function confirmInSession(scope: SessionScope, confirmation: Confirmation) {
  const { throttles } = scope.deps;
  const key = String(scope.user.id);
  if (!(await throttles.sessionConfirmationsPerUser.tryConsume(key))) {
    throw tooManyRequests(messages.tooManyAttempts);
  }
  const answer = await confirmation.check();
  if (answer === true) {
    await throttles.sessionConfirmationsPerUser.refund(key);
    return;
  }
  const wrong = answer === false ? confirmation : answer;
  await recordAudit(scope, {
    event: confirmation.event,
    success: false,
    email: scope.user.email,
    userId: scope.user.id,
    failureReason: wrong.failureReason,
  });
  throw badRequest(wrong.message);
}

/** The password, asked again before a new password, an API key or a change to two-factor. */
export function requireCurrentPassword(
  scope: SessionScope,
  password: string,
  event: AuditEvent,
): Promise<void> {
  return confirmInSession(scope, {
    event,
    failureReason: "Current password is incorrect",
    message: messages.currentPasswordWrong,
    check: () => verifyPassword(scope.user.passwordHash, password),
  });
}
