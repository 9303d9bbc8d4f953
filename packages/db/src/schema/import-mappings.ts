import type { ImportMapping } from "@ledgerline/contracts";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";

/**
 * Column mappings for 'Other CSV' files a user saved under a name, to apply again to the next
 * export of the same broker (issue 11). The mapping is stored as the JSON the import accepts,
 * checked against the import's schema when saved and again when read back.
 */
export const importMappings = sqliteTable(
  "import_mappings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    name: text("name").notNull(),
    mapping: text("mapping", { mode: "json" }).$type<ImportMapping>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  // Names are unique per user; the index also serves the user's list, in name order.
  (table) => [uniqueIndex("import_mappings_user_name_idx").on(table.userId, table.name)],
);

export type ImportMappingRow = typeof importMappings.$inferSelect;
