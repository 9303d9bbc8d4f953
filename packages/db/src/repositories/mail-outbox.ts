import { desc, eq } from "drizzle-orm";
import type { Database } from "../database";
import type { MailRow } from "../schema";

export interface NewMail {
  toAddress: string;
  subject: string;
  bodyText: string;
  createdAt: Date;
  transport: "smtp" | "outbox";
  deliveryKey?: string;
}

/** The outbox row of a mail, and whether it still has to be handed to the SMTP server. */
export interface KeptMail {
  id: number;
  undelivered: boolean;
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

    /**
     * Writes the mail named by `deliveryKey` unless an earlier try wrote it. An earlier row is
     * undelivered when it went to SMTP and was neither sent nor failed: its worker died before
     * the hand-over finished.
     */
    async insertOnce(mail: NewMail & { deliveryKey: string }): Promise<KeptMail> {
      const inserted = await database.all(
        db
          .insert(mailOutbox)
          .values(mail)
          .onConflictDoNothing({ target: mailOutbox.deliveryKey })
          .returning({ id: mailOutbox.id }),
      );
      if (inserted[0]) return { id: inserted[0].id, undelivered: true };
      const kept = await database.first(
        db.select().from(mailOutbox).where(eq(mailOutbox.deliveryKey, mail.deliveryKey)),
      );
      // Outbox rows are never deleted: a conflict means the row is there.
      if (!kept) throw new Error(`mail ${mail.deliveryKey} conflicted but is not in the outbox`);
      return {
        id: kept.id,
        undelivered: kept.transport === "smtp" && kept.sentAt === null && kept.error === null,
      };
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
