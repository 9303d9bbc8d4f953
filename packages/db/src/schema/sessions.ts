import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";

/** Opaque bearer sessions; only the SHA-256 of a token is ever stored. */
export const sessions = sqliteTable(
  "sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: ownerId(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    /** The absolute end of the session, whatever the activity. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
