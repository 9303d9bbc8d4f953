import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function clientLogTables(k: ColumnKit, refs: Owned) {
  const clientLogs = k.table(
    "client_logs",
    {
      id: k.id(),
      receivedAt: k.instant("received_at").notNull(),
      userId: k.integer("user_id").references(() => refs.users.id, { onDelete: "set null" }),
      level: k.text("level", { enum: ["info", "warn", "error"] }).notNull(),
      message: k.text("message").notNull(),
      /** JSON text of the context object. */
      context: k.text("context"),
      clientTimestamp: k.text("client_timestamp").notNull(),
      errorMessage: k.text("error_message"),
      errorStack: k.text("error_stack"),
      ipAddress: k.text("ip_address"),
    },
    (table) => [k.index("client_logs_received_at_idx").on(table.receivedAt)],
  );
  return { clientLogs };
}
