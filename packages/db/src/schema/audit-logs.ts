import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Authentication and administration events; rows outlive the users they mention. */
export const auditLogs = sqliteTable(
  "audit_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    timestamp: integer("timestamp", { mode: "timestamp_ms" }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: text("email"),
    event: text("event").notNull(),
    success: integer("success", { mode: "boolean" }).notNull(),
    ipAddress: text("ip_address"),
    failureReason: text("failure_reason"),
    /** What an event acted on, e.g. the account an admin deleted. */
    details: text("details"),
  },
  (table) => [
    index("audit_logs_timestamp_idx").on(table.timestamp),
    index("audit_logs_email_timestamp_idx").on(table.email, table.timestamp),
    index("audit_logs_success_timestamp_idx").on(table.success, table.timestamp),
  ],
);

export type AuditLogRow = typeof auditLogs.$inferSelect;
