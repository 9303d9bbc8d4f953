import type { TargetDimension } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

/** One target: a slice's key and its weight, a canonical decimal ratio. */
export interface StoredTarget {
  key: string;
  weight: string;
}

export function portfolioTargetTables(k: ColumnKit, refs: Owned) {
  /**
   * A person's target mix for one dimension (issue 33): the whole set as JSON, replaced at once, so
   * a half-saved set whose weights miss 1 can never be read. One row per user and dimension.
   */
  const portfolioTargets = k.table(
    "portfolio_targets",
    {
      id: k.id(),
      userId: refs.ownerId(),
      by: k.text("by").$type<TargetDimension>().notNull(),
      targets: k.json("targets").$type<StoredTarget[]>().notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [k.uniqueIndex("portfolio_targets_user_by_idx").on(table.userId, table.by)],
  );
  return { portfolioTargets };
}
