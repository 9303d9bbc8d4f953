import type { UserRow } from "@ledgerline/db";
import { passwordChangedMail, type PasswordChangeWay } from "../platform/mail/templates";
import { withDeliveryKey } from "../platform/mail/mailer";
import type { RequestScope } from "../platform/scope";

/**
 * Puts a new password in force and ends what the old one let anyone make: every session but
 * `keepSessionTokenHash` (the one making the change in account settings) and every API key, so
 * a key made from a stolen session dies with the account's recovery. The owner is told by mail,
 * in the background. Answers the audit log's note of what was revoked.
 */
export async function replacePassword(
  scope: RequestScope,
  user: UserRow,
  passwordHash: string,
  way: PasswordChangeWay,
  keepSessionTokenHash?: string,
): Promise<string> {
  const { repos, jobs } = scope.deps;
  await repos.users.setPasswordHash(user.id, passwordHash);
  await repos.sessions.deleteAllForUser(user.id, keepSessionTokenHash);
  const revokedKeys = await repos.apiKeys.deleteAllForUser(user.id);
  jobs.enqueue("mail", withDeliveryKey(passwordChangedMail(user, way, revokedKeys)));
  return `${revokedKeys} API ${revokedKeys === 1 ? "key" : "keys"} revoked`;
}
