import type { ImportMapping } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function importMappingTables(k: ColumnKit, refs: Owned) {
  /**
   * Column mappings for 'Other CSV' files a user saved under a name, to apply again to the next
   * export of the same broker (issue 11). The mapping is stored as the JSON the import accepts,
   * checked against the import's schema when saved and again when read back.
   */
  const importMappings = k.table(
    "import_mappings",
    {
      id: k.id(),
      userId: refs.ownerId(),
      name: k.text("name").notNull(),
      mapping: k.json("mapping").$type<ImportMapping>().notNull(),
      createdAt: k.instant("created_at").notNull(),
    },
    // Names are unique per user; the index also serves the user's list, in name order.
    (table) => [k.uniqueIndex("import_mappings_user_name_idx").on(table.userId, table.name)],
  );
  return { importMappings };
}
