import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Every mail the product sends, kept so the flows work offline and can be audited. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    bodyText: text("body_text").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    /** 'smtp' when handed to the SMTP server, 'outbox' when kept here only. */
    transport: text("transport", { enum: ["smtp", "outbox"] }).notNull(),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    error: text("error"),
  },
  (table) => [index("mail_outbox_to_address_idx").on(table.toAddress, table.createdAt)],
);

export type MailRow = typeof mailOutbox.$inferSelect;
