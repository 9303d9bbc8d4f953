import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function sessionTables(k: ColumnKit, refs: Owned) {
  /** Opaque bearer sessions; only the SHA-256 of a token is ever stored. */
  const sessions = k.table(
    "sessions",
    {
      tokenHash: k.text("token_hash").primaryKey(),
      userId: refs.ownerId(),
      createdAt: k.instant("created_at").notNull(),
      lastSeenAt: k.instant("last_seen_at").notNull(),
      /** The absolute end of the session, whatever the activity. */
      expiresAt: k.instant("expires_at").notNull(),
      ipAddress: k.text("ip_address"),
      userAgent: k.text("user_agent"),
    },
    (table) => [k.index("sessions_user_id_idx").on(table.userId)],
  );
  return { sessions };
}
