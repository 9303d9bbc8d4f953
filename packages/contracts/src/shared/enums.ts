/**
 * Plain value lists, kept free of zod so the web app can import them without pulling the
 * validation library into its first bundle.
 */
export const auditEvents = [
  "LOGIN",
  "LOGOUT",
  "REGISTER",
  "PASSWORD_RESET_REQUEST",
  "PASSWORD_RESET",
  "PASSWORD_CHANGE",
  "EMAIL_CHANGE",
  "ACCOUNT_DELETE",
  "ADMIN_PASSWORD_RESET",
  "ADMIN_USER_DELETE",
  "ACCESS_DENIED",
  "SECRET_READ",
  "IMPORT",
  "API_KEY_CREATE",
  "API_KEY_REVOKE",
  "MFA_ENABLE",
  "MFA_DISABLE",
  "MFA_LOGIN",
  "MFA_RECOVERY_CODE_USE",
  "JOB_RETRY",
  "JOB_REMOVE",
  "SSO_LINK",
  "SSO_SETTINGS_CHANGE",
  "PASSKEY_ADD",
  "PASSKEY_REMOVE",
] as const;
export type AuditEvent = (typeof auditEvents)[number];

export const auditSortColumns = ["timestamp", "email", "event", "success", "ipAddress"] as const;
export type AuditSortColumn = (typeof auditSortColumns)[number];

export const clientLogLevels = ["info", "warn", "error"] as const;

/** What an API key may do: `read` every query; `trade` also trades and watchlist changes. */
export const apiKeyScopes = ["read", "trade"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
