import type { ClassificationOverride } from "@ledgerline/contracts";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { assetTypes } from "./portfolio";
import { ownerId } from "./users";

/**
 * A person's own classification of a symbol (issue 33): the fields they set, as the JSON the
 * API accepts, over the market's. One row per user and symbol; checked again when read back.
 */
export const classificationOverrides = sqliteTable(
  "classification_overrides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    symbol: text("symbol").notNull(),
    override: text("override", { mode: "json" }).$type<ClassificationOverride>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("classification_overrides_user_symbol_idx").on(
      table.userId,
      table.assetType,
      table.symbol,
    ),
  ],
);

export type ClassificationOverrideRow = typeof classificationOverrides.$inferSelect;
