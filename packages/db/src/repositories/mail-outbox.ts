import { desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { mailOutbox, type MailRow } from "../schema";

export interface NewMail {
  toAddress: string;
  subject: string;
  bodyText: string;
  createdAt: Date;
  transport: "smtp" | "outbox";
}

export function mailOutboxRepository(db: Db) {
  return {
    async insert(mail: NewMail): Promise<number> {
      return db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id }).get().id;
    },

    async markSent(id: number, sentAt: Date): Promise<void> {
      db.update(mailOutbox).set({ sentAt, error: null }).where(eq(mailOutbox.id, id)).run();
    },

    async markFailed(id: number, error: string): Promise<void> {
      db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id)).run();
    },

    async listFor(toAddress: string): Promise<MailRow[]> {
      return db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, toAddress))
        .orderBy(desc(mailOutbox.id))
        .all();
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof mailOutboxRepository>;
