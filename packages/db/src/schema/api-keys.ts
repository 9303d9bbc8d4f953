import { apiKeyScopes } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function apiKeyTables(k: ColumnKit, refs: Owned) {
  /**
   * Personal API keys for scripts and tools. The key itself is shown once, at creation; only its
   * SHA-256 is stored (it carries 256 random bits, so a plain digest is as good as a slow hash).
   * Revoking deletes the row, so a revoked key is unknown at once on every process.
   */
  const apiKeys = k.table(
    "api_keys",
    {
      id: k.id(),
      userId: refs.ownerId(),
      name: k.text("name").notNull(),
      scope: k.text("scope", { enum: apiKeyScopes }).notNull(),
      keyHash: k.text("key_hash").notNull().unique(),
      /** The key's first characters, so its owner can tell keys apart in the list. */
      keyStart: k.text("key_start").notNull(),
      createdAt: k.instant("created_at").notNull(),
      lastUsedAt: k.instant("last_used_at"),
      expiresAt: k.instant("expires_at"),
    },
    (table) => [k.index("api_keys_user_id_idx").on(table.userId)],
  );
  return { apiKeys };
}
