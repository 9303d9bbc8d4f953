import type { ImportMapping } from "@ledgerline/contracts";
import { and, asc, eq } from "drizzle-orm";
import { first, type Database } from "../database";
import { holdsLimit } from "./user-limit";
import type { ImportMappingRow } from "../schema";

export interface SavedImportMapping {
  id: number;
  name: string;
  mapping: ImportMapping;
  createdAt: Date;
}

export type ImportMappingSave =
  { ok: true; saved: SavedImportMapping } | { ok: false; reason: "limit" | "name_taken" };

const toSaved = (row: ImportMappingRow): SavedImportMapping => ({
  id: row.id,
  name: row.name,
  mapping: row.mapping,
  createdAt: row.createdAt,
});

/** A user's saved 'Other CSV' mappings; every read and write is scoped by the user's id. */
export function importMappingsRepository(database: Database) {
  const { db } = database;
  const { importMappings } = database.tables;

  return {
    /** The user's mappings in name order. */
    async list(userId: number): Promise<SavedImportMapping[]> {
      const rows = await database.all(
        db
          .select()
          .from(importMappings)
          .where(eq(importMappings.userId, userId))
          .orderBy(asc(importMappings.name)),
      );
      return rows.map(toSaved);
    },

    /**
     * Saves a mapping under a name unless the user has `limit` already or uses the name for
     * another one (both checked in the same transaction as the write).
     */
    async create(
      userId: number,
      name: string,
      mapping: ImportMapping,
      limit: number,
      now: Date,
    ): Promise<ImportMappingSave> {
      return database.transaction(function* (tx) {
        if (yield* holdsLimit(tx, importMappings, userId, limit)) {
          return { ok: false, reason: "limit" } as const;
        }
        const taken = yield* first(
          tx
            .select({ id: importMappings.id })
            .from(importMappings)
            .where(and(eq(importMappings.userId, userId), eq(importMappings.name, name))),
        );
        if (taken) return { ok: false, reason: "name_taken" } as const;
        const row = yield* first(
          tx.insert(importMappings).values({ userId, name, mapping, createdAt: now }).returning(),
        );
        return { ok: true, saved: toSaved(row) } as const;
      });
    },

    /** Whether the user had a mapping with this id (another user's id is as good as none). */
    async remove(userId: number, id: number): Promise<boolean> {
      const removed = await database.changes(
        db
          .delete(importMappings)
          .where(and(eq(importMappings.userId, userId), eq(importMappings.id, id))),
      );
      return removed > 0;
    },
  };
}
