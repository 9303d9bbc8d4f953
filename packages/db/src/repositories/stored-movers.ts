import type { MarketMovers } from "@ledgerline/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../database";

const LATEST = 1;

export function storedMoversRepository(database: Database) {
  const { db } = database;
  const { storedMarketMovers } = database.tables;
  return {
    async latest(): Promise<{ movers: MarketMovers; storedAt: Date } | undefined> {
      return database.first(
        db
          .select({ movers: storedMarketMovers.movers, storedAt: storedMarketMovers.storedAt })
          .from(storedMarketMovers)
          .where(eq(storedMarketMovers.id, LATEST)),
      );
    },

    async replace(movers: MarketMovers, storedBy: number, now: Date): Promise<void> {
      await database.changes(
        db
          .insert(storedMarketMovers)
          .values({ id: LATEST, movers, storedAt: now, storedBy })
          .onConflictDoUpdate({
            target: storedMarketMovers.id,
            set: { movers, storedAt: now, storedBy },
          }),
      );
    },
  };
}
