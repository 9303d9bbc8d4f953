import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function passwordResetTokenTables(k: ColumnKit, refs: Owned) {
  const passwordResetTokens = k.table(
    "password_reset_tokens",
    {
      tokenHash: k.text("token_hash").primaryKey(),
      userId: refs.ownerId(),
      createdAt: k.instant("created_at").notNull(),
      expiresAt: k.instant("expires_at").notNull(),
      usedAt: k.instant("used_at"),
    },
    (table) => [k.index("password_reset_tokens_user_id_idx").on(table.userId)],
  );
  return { passwordResetTokens };
}
