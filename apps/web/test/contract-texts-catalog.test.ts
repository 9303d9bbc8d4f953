import { readFileSync } from "node:fs";
import { messages } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { describe, expect, it } from "vitest";

/**
 * Texts the screens showed from the contracts' English `messages`, which a German or Spanish
 * reader read in English: they are catalog messages now, whose English is the contracts' word for
 * word (the spec and the e2e specs quote them).
 */
const moved = [
  ["access-denied.tsx", "registeredUsersOnly", "access_registered_users_only"],
  ["_app/account.tsx", "newPasswordsDoNotMatch", "settings_new_passwords_mismatch"],
  ["_app/account.tsx", "passwordUpdated", "settings_password_updated"],
  ["_app/account.tsx", "failedToUpdatePassword", "settings_password_update_failed"],
  ["_app/account.tsx", "emailRequired", "settings_email_required"],
  ["_app/account.tsx", "passwordRequired", "settings_password_required"],
  ["_app/account.tsx", "emailUpdated", "settings_email_updated"],
  ["_app/account.tsx", "failedToUpdateEmail", "settings_email_update_failed"],
  ["_app/account.tsx", "failedToDeleteAccount", "settings_delete_account_failed"],
  ["_app/_admin/users.tsx", "failedToLoadUsers", "admin_users_load_failed"],
  ["_app/_admin/users.tsx", "confirmDeleteUser", "admin_users_confirm_delete"],
  ["_app/_admin/users.tsx", "failedToDeleteUser", "admin_users_delete_failed"],
  [
    "_app/_admin/-components/ResetPasswordModal.tsx",
    "failedToResetPassword",
    "admin_users_reset_password_failed",
  ],
  ["_app/_admin/audit-logs.tsx", "failedToFetchAuditLogs", "admin_audit_load_failed"],
] as const;

const source = (file: string) =>
  readFileSync(new URL(`../src/routes/${file}`, import.meta.url), "utf8");

describe("the contracts' texts on the account, admin and access-denied screens", () => {
  it.each(moved)("%s says %s from the catalog", (file, name, key) => {
    expect(m[key](), "English word for word").toBe(messages[name]);
    expect(source(file)).not.toMatch(new RegExp(`\\bmessages\\.${name}\\b`));
    expect(source(file)).toContain(`m.${key}()`);
  });
});
