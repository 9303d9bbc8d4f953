import { desc } from "drizzle-orm";
import type { Database } from "../database";
import type { clientLogs } from "../schema";

export type NewClientLog = typeof clientLogs.$inferInsert;

export function clientLogsRepository(database: Database) {
  const { db } = database;
  const { clientLogs } = database.tables;
  return {
    async insert(record: NewClientLog): Promise<void> {
      await database.changes(db.insert(clientLogs).values(record));
    },

    async latest(limit: number) {
      return database.all(db.select().from(clientLogs).orderBy(desc(clientLogs.id)).limit(limit));
    },
  };
}

export type ClientLogsRepository = ReturnType<typeof clientLogsRepository>;
