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
      /**
       * Names one mail however often its job is retried (set by `queueMail`), so a retry after a
       * killed worker finds the row it wrote instead of sending a second mail. Null for mails sent
       * directly (alerts, whose jobs are not retried).
       */
      deliveryKey: k.text("delivery_key"),
    },
    (table) => [
      k.index("mail_outbox_to_address_idx").on(table.toAddress, table.createdAt),
      k.uniqueIndex("mail_outbox_delivery_key_idx").on(table.deliveryKey),
    ],
  );
  return { mailOutbox };
}
