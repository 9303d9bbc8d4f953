import type { TargetDimension } from "@ledgerline/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../database";
import type { StoredTarget } from "../schema";

/** A user's target mixes, one per dimension; every read and write is scoped by the user's id. */
export function portfolioTargetsRepository(database: Database) {
  const { db } = database;
  const { portfolioTargets: table } = database.tables;
  const of = (userId: number, by: TargetDimension) =>
    and(eq(table.userId, userId), eq(table.by, by));

  return {
    /** The set for the dimension, or an empty one. */
    async get(userId: number, by: TargetDimension): Promise<StoredTarget[]> {
      const row = await database.first(
        db.select({ targets: table.targets }).from(table).where(of(userId, by)),
      );
      return row?.targets ?? [];
    },

    /** Replaces the dimension's set in one write; an empty set removes it. */
    async put(userId: number, by: TargetDimension, targets: StoredTarget[], now: Date) {
      if (targets.length === 0) {
        await database.changes(db.delete(table).where(of(userId, by)));
        return;
      }
      await database.changes(
        db
          .insert(table)
          .values({ userId, by, targets, updatedAt: now })
          .onConflictDoUpdate({
            target: [table.userId, table.by],
            set: { targets, updatedAt: now },
          }),
      );
    },
  };
}
