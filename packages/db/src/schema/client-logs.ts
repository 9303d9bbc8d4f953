import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

export const clientLogs = sqliteTable(
  "client_logs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    level: text("level", { enum: ["info", "warn", "error"] }).notNull(),
    message: text("message").notNull(),
    /** JSON text of the context object. */
    context: text("context"),
    clientTimestamp: text("client_timestamp").notNull(),
    errorMessage: text("error_message"),
    errorStack: text("error_stack"),
    ipAddress: text("ip_address"),
  },
  (table) => [index("client_logs_received_at_idx").on(table.receivedAt)],
);
