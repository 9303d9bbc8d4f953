import { desc } from "drizzle-orm";
import type { Db } from "../client";
import { clientLogs } from "../schema";

export type NewClientLog = typeof clientLogs.$inferInsert;

export function clientLogsRepository(db: Db) {
  return {
    async insert(record: NewClientLog): Promise<void> {
      db.insert(clientLogs).values(record).run();
    },

    async latest(limit: number) {
      return db.select().from(clientLogs).orderBy(desc(clientLogs.id)).limit(limit).all();
    },
  };
}

export type ClientLogsRepository = ReturnType<typeof clientLogsRepository>;
