import type { ColumnKit } from "./kit";

export function mailOutboxTables(k: ColumnKit) {
  /** Every mail the product sends, kept so the flows work offline and can be audited. */
  const mailOutbox = k.table(
    "mail_outbox",
    {
      id: k.id(),
      toAddress: k.text("to_address").notNull(),
      subject: k.text("subject").notNull(),
      bodyText: k.text("body_text").notNull(),
      createdAt: k.instant("created_at").notNull(),
      /** 'smtp' when handed to the SMTP server, 'outbox' when kept here only. */
      transport: k.text("transport", { enum: ["smtp", "outbox"] }).notNull(),
      sentAt: k.instant("sent_at"),
      error: k.text("error"),
    },
    (table) => [k.index("mail_outbox_to_address_idx").on(table.toAddress, table.createdAt)],
  );
  return { mailOutbox };
}
