import type { TargetDimension } from "@ledgerline/contracts";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";

/** One target: a slice's key and its weight, a canonical decimal ratio. */
export interface StoredTarget {
  key: string;
  weight: string;
}

/**
 * A person's target mix for one dimension (issue 33): the whole set as JSON, replaced at once, so
 * a half-saved set whose weights miss 1 can never be read. One row per user and dimension.
 */
export const portfolioTargets = sqliteTable(
  "portfolio_targets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    by: text("by").$type<TargetDimension>().notNull(),
    targets: text("targets", { mode: "json" }).$type<StoredTarget[]>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("portfolio_targets_user_by_idx").on(table.userId, table.by)],
);
