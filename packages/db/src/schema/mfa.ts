import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function mfaTables(k: ColumnKit, refs: Owned) {
  /**
   * A user's TOTP (RFC 6238) secret. Written at set-up with `enabledAt` null; sign-in asks for a
   * code only once a first code has confirmed it. The secret must be readable to check codes, so
   * it is stored as it is (like the authenticator app holds it).
   */
  const mfaCredentials = k.table("mfa_credentials", {
    id: k.id(),
    userId: k
      .integer("user_id")
      .notNull()
      .unique()
      .references(() => refs.users.id, { onDelete: "cascade" }),
    /** Base32, as authenticator apps take it. */
    secret: k.text("secret").notNull(),
    createdAt: k.instant("created_at").notNull(),
    enabledAt: k.instant("enabled_at"),
    /** The 30-second step of the last code accepted: a code is never accepted twice. */
    lastUsedStep: k.bigInteger("last_used_step"),
  });

  /** Ten single-use codes for a lost authenticator; only their SHA-256 is stored. */
  const mfaRecoveryCodes = k.table(
    "mfa_recovery_codes",
    {
      id: k.id(),
      userId: refs.ownerId(),
      codeHash: k.text("code_hash").notNull(),
      usedAt: k.instant("used_at"),
    },
    (table) => [k.index("mfa_recovery_codes_user_id_idx").on(table.userId)],
  );

  /**
   * The second step of a sign-in: a password was right, a code is still owed. Short-lived, and
   * spent by the sign-in it completes; only the token's SHA-256 is stored.
   */
  const mfaChallenges = k.table(
    "mfa_challenges",
    {
      tokenHash: k.text("token_hash").primaryKey(),
      userId: refs.ownerId(),
      createdAt: k.instant("created_at").notNull(),
      expiresAt: k.instant("expires_at").notNull(),
    },
    (table) => [k.index("mfa_challenges_user_id_idx").on(table.userId)],
  );

  return { mfaCredentials, mfaRecoveryCodes, mfaChallenges };
}
