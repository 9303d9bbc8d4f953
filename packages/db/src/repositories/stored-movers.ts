import type { MarketMovers } from "@ledgerline/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { storedMarketMovers } from "../schema";

const LATEST = 1;

export function storedMoversRepository(db: Db) {
  return {
    async latest(): Promise<{ movers: MarketMovers; storedAt: Date } | undefined> {
      return db
        .select({ movers: storedMarketMovers.movers, storedAt: storedMarketMovers.storedAt })
        .from(storedMarketMovers)
        .where(eq(storedMarketMovers.id, LATEST))
        .get();
    },

    async replace(movers: MarketMovers, storedBy: number, now: Date): Promise<void> {
      db.insert(storedMarketMovers)
        .values({ id: LATEST, movers, storedAt: now, storedBy })
        .onConflictDoUpdate({
          target: storedMarketMovers.id,
          set: { movers, storedAt: now, storedBy },
        })
        .run();
    },
  };
}
