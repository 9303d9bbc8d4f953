import { and, asc, count, eq, gt, isNull, or } from "drizzle-orm";
import type { Database } from "../database";
import type { ApiKeyScope } from "@ledgerline/contracts";
import type { ApiKeyRow, UserRow } from "../schema";

export interface NewApiKey {
  userId: number;
  name: string;
  scope: ApiKeyScope;
  keyHash: string;
  keyStart: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export function apiKeysRepository(database: Database) {
  const { db } = database;
  const { apiKeys, users } = database.tables;

  return {
    async create(key: NewApiKey): Promise<ApiKeyRow> {
      const row = await database.first(db.insert(apiKeys).values(key).returning());
      if (!row) throw new Error("Inserting an API key returned no row");
      return row;
    },

    /** A user's keys, oldest first. */
    async listForUser(userId: number): Promise<ApiKeyRow[]> {
      return database.all(
        db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.id)),
      );
    },

    async countForUser(userId: number): Promise<number> {
      const row = await database.first(
        db.select({ n: count() }).from(apiKeys).where(eq(apiKeys.userId, userId)),
      );
      return row?.n ?? 0;
    },

    /** The key with this digest and its user, unless it has expired. */
    async findActive(
      keyHash: string,
      now: Date,
    ): Promise<{ apiKey: ApiKeyRow; user: UserRow } | undefined> {
      return database.first(
        db
          .select({ apiKey: apiKeys, user: users })
          .from(apiKeys)
          .innerJoin(users, eq(users.id, apiKeys.userId))
          .where(
            and(
              eq(apiKeys.keyHash, keyHash),
              or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
            ),
          ),
      );
    },

    async touch(id: number, now: Date): Promise<void> {
      await database.changes(db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, id)));
    },

    /** Deletes every key of the user (a new password ends them); answers how many there were. */
    async deleteAllForUser(userId: number): Promise<number> {
      return database.changes(db.delete(apiKeys).where(eq(apiKeys.userId, userId)));
    },

    /** Deletes one of the user's keys; undefined when the user has no key with that id. */
    async delete(id: number, userId: number): Promise<ApiKeyRow | undefined> {
      return database.first(
        db
          .delete(apiKeys)
          .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
          .returning(),
      );
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
