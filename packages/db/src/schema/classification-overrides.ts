import type { ClassificationOverride } from "@ledgerline/contracts";
import { assetTypes } from "./portfolio";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function classificationOverrideTables(k: ColumnKit, refs: Owned) {
  /**
   * A person's own classification of a symbol (issue 33): the fields they set, as the JSON the
   * API accepts, over the market's. One row per user and symbol; checked again when read back.
   */
  const classificationOverrides = k.table(
    "classification_overrides",
    {
      id: k.id(),
      userId: refs.ownerId(),
      assetType: k.text("asset_type", { enum: assetTypes }).notNull(),
      symbol: k.text("symbol").notNull(),
      override: k.json("override").$type<ClassificationOverride>().notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [
      k
        .uniqueIndex("classification_overrides_user_symbol_idx")
        .on(table.userId, table.assetType, table.symbol),
    ],
  );
  return { classificationOverrides };
}
