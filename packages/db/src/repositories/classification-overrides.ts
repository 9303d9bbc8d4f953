import type { ClassificationOverride } from "@ledgerline/contracts";
import { and, asc, eq } from "drizzle-orm";
import { first, changes, type Database } from "../database";
import type { AssetType } from "../schema";
import { holdsLimit } from "./user-limit";

export interface StoredClassificationOverride {
  assetType: AssetType;
  symbol: string;
  override: ClassificationOverride;
}

/** A user's classification overrides; every read and write is scoped by the user's id. */
export function classificationOverridesRepository(database: Database) {
  const { db } = database;
  const { classificationOverrides: table } = database.tables;
  const bySymbol = (userId: number, assetType: AssetType, symbol: string) =>
    and(eq(table.userId, userId), eq(table.assetType, assetType), eq(table.symbol, symbol));

  return {
    /** Every override of the user, by asset type and symbol. */
    async list(userId: number): Promise<StoredClassificationOverride[]> {
      return database.all(
        db
          .select({ assetType: table.assetType, symbol: table.symbol, override: table.override })
          .from(table)
          .where(eq(table.userId, userId))
          .orderBy(asc(table.assetType), asc(table.symbol)),
      );
    },

    async get(
      userId: number,
      assetType: AssetType,
      symbol: string,
    ): Promise<ClassificationOverride | undefined> {
      const row = await database.first(
        db
          .select({ override: table.override })
          .from(table)
          .where(bySymbol(userId, assetType, symbol)),
      );
      return row?.override;
    },

    /**
     * Sets the symbol's override, replacing any before it; false when the user already keeps
     * `limit` overrides of other symbols (counted in the writing transaction).
     */
    async put(
      userId: number,
      entry: StoredClassificationOverride,
      limit: number,
      now: Date,
    ): Promise<boolean> {
      return database.transaction(function* (tx) {
        const existing = yield* first(
          tx
            .select({ id: table.id })
            .from(table)
            .where(bySymbol(userId, entry.assetType, entry.symbol)),
        );
        if (!existing && (yield* holdsLimit(tx, table, userId, limit))) return false;
        yield* changes(
          tx
            .insert(table)
            .values({ userId, ...entry, updatedAt: now })
            .onConflictDoUpdate({
              target: [table.userId, table.assetType, table.symbol],
              set: { override: entry.override, updatedAt: now },
            }),
        );
        return true;
      });
    },

    /** Whether the user had an override of the symbol. */
    async remove(userId: number, assetType: AssetType, symbol: string): Promise<boolean> {
      return (
        (await database.changes(db.delete(table).where(bySymbol(userId, assetType, symbol)))) > 0
      );
    },
  };
}
