import { and, countDistinct, eq } from "drizzle-orm";
import type { Database } from "../../database";
import type { AssetType } from "../../schema";

/** Which symbols are held or traded, and by whom: counts and lists across positions and trades. */
export function symbolReads(database: Database) {
  const { db, tables } = database;
  const { positions, transactions } = tables;
  return {
    /** Distinct symbols the user holds, per asset type (the landing page's "Owned" tiles). */
    async countHeld(userId: number, assetType: AssetType): Promise<number> {
      const row = await database.first(
        db
          .select({ n: countDistinct(positions.symbol) })
          .from(positions)
          .where(and(eq(positions.userId, userId), eq(positions.assetType, assetType))),
      );
      return row?.n ?? 0;
    },

    /** Every symbol anyone holds: the market refresher keeps these fresh. */
    async distinctSymbols(assetType: AssetType): Promise<string[]> {
      const rows = await database.all(
        db
          .selectDistinct({ symbol: positions.symbol })
          .from(positions)
          .where(eq(positions.assetType, assetType)),
      );
      return rows.map((row) => row.symbol);
    },

    /** Every symbol of an asset type the user has ever traded, held or not (for dividends). */
    async tradedSymbols(userId: number, assetType: AssetType): Promise<string[]> {
      const rows = await database.all(
        db
          .selectDistinct({ symbol: transactions.symbol })
          .from(transactions)
          .where(and(eq(transactions.userId, userId), eq(transactions.type, assetType))),
      );
      return rows.map((row) => row.symbol).sort();
    },

    /** Users who have ever traded a stock (or this one): corporate-action syncs visit these. */
    async stockTraders(symbol?: string): Promise<number[]> {
      const rows = await database.all(
        db
          .selectDistinct({ userId: transactions.userId })
          .from(transactions)
          .where(
            symbol === undefined
              ? eq(transactions.type, "STOCK")
              : and(eq(transactions.type, "STOCK"), eq(transactions.symbol, symbol)),
          ),
      );
      return rows.map((row) => row.userId);
    },
  };
}
