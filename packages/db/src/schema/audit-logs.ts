import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function auditLogTables(k: ColumnKit, refs: Owned) {
  /** Authentication and administration events; rows outlive the users they mention. */
  const auditLogs = k.table(
    "audit_logs",
    {
      id: k.id(),
      timestamp: k.instant("timestamp").notNull(),
      userId: k.integer("user_id").references(() => refs.users.id, { onDelete: "set null" }),
      email: k.text("email"),
      event: k.text("event").notNull(),
      success: k.flag("success").notNull(),
      ipAddress: k.text("ip_address"),
      failureReason: k.text("failure_reason"),
      /** What an event acted on, e.g. the account an admin deleted. */
      details: k.text("details"),
    },
    (table) => [
      k.index("audit_logs_timestamp_idx").on(table.timestamp),
      k.index("audit_logs_email_timestamp_idx").on(table.email, table.timestamp),
      k.index("audit_logs_success_timestamp_idx").on(table.success, table.timestamp),
    ],
  );
  return { auditLogs };
}
