import { messages, type MessageResult, type UserListRow } from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import { recordAudit, auditSuccess } from "./audit";
import { assertAcceptablePassword } from "../auth/auth";
import { replacePassword } from "../auth/credentials";
import { forbidden, notFound } from "../platform/errors";
import { hashPassword } from "../auth/passwords";
import type { UserScope } from "../platform/scope";
import { toUserListRow } from "../auth/user-views";

/** What an admin is told (catalog messages, decision 0070). */
export const userDeleted = (email: string) => `Deleted ${email}`;
export const passwordResetFor = (email: string) => `Password reset for ${email}`;

export async function listUsers(scope: UserScope): Promise<UserListRow[]> {
  return (await scope.deps.repos.users.list()).map(toUserListRow);
}

/** Admins act only on non-admin accounts; a refused attempt is audited too. */
async function nonAdminTarget(
  scope: UserScope,
  id: number,
  event: "ADMIN_USER_DELETE" | "ADMIN_PASSWORD_RESET",
): Promise<UserRow> {
  const target = await scope.deps.repos.users.findById(id);
  if (!target) throw notFound(messages.userNotFound);
  if (target.isAdmin) {
    await recordAudit(scope, {
      event,
      success: false,
      email: scope.user.email,
      userId: scope.user.id,
      failureReason: "Target is an admin",
      details: `user ${target.email}`,
    });
    throw forbidden(messages.adminTargetForbidden);
  }
  return target;
}

export async function deleteUser(scope: UserScope, id: number): Promise<MessageResult> {
  const target = await nonAdminTarget(scope, id, "ADMIN_USER_DELETE");
  await scope.deps.repos.users.delete(target.id);
  await auditSuccess(scope, "ADMIN_USER_DELETE", scope.user, `user ${target.email}`);
  return { message: userDeleted(target.email) };
}

export async function resetUserPassword(
  scope: UserScope,
  id: number,
  newPassword: string,
): Promise<MessageResult> {
  const target = await nonAdminTarget(scope, id, "ADMIN_PASSWORD_RESET");
  await assertAcceptablePassword(newPassword);
  const revoked = await replacePassword(
    scope,
    target,
    await hashPassword(newPassword),
    "administrator",
  );
  await auditSuccess(scope, "ADMIN_PASSWORD_RESET", scope.user, `user ${target.email}; ${revoked}`);
  return { message: passwordResetFor(target.email) };
}
