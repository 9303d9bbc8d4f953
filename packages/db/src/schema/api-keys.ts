import { apiKeyScopes } from "@ledgerline/contracts";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";

/**
 * Personal API keys for scripts and tools. The key itself is shown once, at creation; only its
 * SHA-256 is stored (it carries 256 random bits, so a plain digest is as good as a slow hash).
 * Revoking deletes the row, so a revoked key is unknown at once on every process.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    name: text("name").notNull(),
    scope: text("scope", { enum: apiKeyScopes }).notNull(),
    keyHash: text("key_hash").notNull().unique(),
    /** The key's first characters, so its owner can tell keys apart in the list. */
    keyStart: text("key_start").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
  },
  (table) => [index("api_keys_user_id_idx").on(table.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
