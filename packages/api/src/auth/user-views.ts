import type { AuthUser, SessionUser, UserListRow } from "@ledgerline/contracts";
import type { UserRow } from "@ledgerline/db";
import { supportedLocaleOf } from "../locale/locale";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSessionUser(user: UserRow, expiresAt: Date): SessionUser {
  return {
    expiresAt: expiresAt.toISOString(),
    id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    lastLoginDate: iso(user.lastLoginAt),
    previousLoginDate: iso(user.previousLoginAt),
    createdDate: user.createdAt.toISOString(),
    numberOfLogins: user.numberOfLogins,
    failedLogins: user.failedLogins,
    locale: supportedLocaleOf(user.locale),
  };
}

export function toAuthUser(user: UserRow, token: string, expiresAt: Date): AuthUser {
  return { token, ...toSessionUser(user, expiresAt) };
}

export function toUserListRow(user: UserRow): UserListRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.isAdmin,
    createdDate: user.createdAt.toISOString(),
    lastLoginDate: iso(user.lastLoginAt),
    numberOfLogins: user.numberOfLogins,
    failedLogins: user.failedLogins,
  };
}
