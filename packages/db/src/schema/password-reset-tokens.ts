import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("password_reset_tokens_user_id_idx").on(table.userId)],
);
