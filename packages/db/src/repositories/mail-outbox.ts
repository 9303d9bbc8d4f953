import { desc, eq } from "drizzle-orm";
import type { Database } from "../database";
import type { MailRow } from "../schema";

export interface NewMail {
  toAddress: string;
  subject: string;
  bodyText: string;
  createdAt: Date;
  transport: "smtp" | "outbox";
}

export function mailOutboxRepository(database: Database) {
  const { db } = database;
  const { mailOutbox } = database.tables;
  return {
    async insert(mail: NewMail): Promise<number> {
      const row = await database.first(
        db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id }),
      );
      return row.id;
    },

    async markSent(id: number, sentAt: Date): Promise<void> {
      await database.changes(
        db.update(mailOutbox).set({ sentAt, error: null }).where(eq(mailOutbox.id, id)),
      );
    },

    async markFailed(id: number, error: string): Promise<void> {
      await database.changes(db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id)));
    },

    async listFor(toAddress: string): Promise<MailRow[]> {
      return database.all(
        db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.toAddress, toAddress))
          .orderBy(desc(mailOutbox.id)),
      );
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof mailOutboxRepository>;
