import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId, users } from "./users";

/**
 * A user's TOTP (RFC 6238) secret. Written at set-up with `enabledAt` null; sign-in asks for a
 * code only once a first code has confirmed it. The secret must be readable to check codes, so
 * it is stored as it is (like the authenticator app holds it).
 */
export const mfaCredentials = sqliteTable("mfa_credentials", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  userId: integer("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Base32, as authenticator apps take it. */
  secret: text("secret").notNull(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  enabledAt: integer("enabled_at", { mode: "timestamp_ms" }),
  /** The 30-second step of the last code accepted: a code is never accepted twice. */
  lastUsedStep: integer("last_used_step"),
});

export type MfaCredentialRow = typeof mfaCredentials.$inferSelect;

/** Ten single-use codes for a lost authenticator; only their SHA-256 is stored. */
export const mfaRecoveryCodes = sqliteTable(
  "mfa_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("mfa_recovery_codes_user_id_idx").on(table.userId)],
);

/**
 * The second step of a sign-in: a password was right, a code is still owed. Short-lived, and
 * spent by the sign-in it completes; only the token's SHA-256 is stored.
 */
export const mfaChallenges = sqliteTable(
  "mfa_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("mfa_challenges_user_id_idx").on(table.userId)],
);
