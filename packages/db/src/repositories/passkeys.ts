import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../database";
import type { PasskeyRow } from "../schema";

export type NewPasskey = Omit<PasskeyRow, "id" | "lastUsedAt">;

export function passkeysRepository(database: Database) {
  const { db } = database;
  const { passkeys } = database.tables;

  return {
    /** Undefined when the credential is already registered (to this account or another). */
    async create(passkey: NewPasskey): Promise<PasskeyRow | undefined> {
      return database.first(db.insert(passkeys).values(passkey).onConflictDoNothing().returning());
    },

    /** A user's passkeys, oldest first. */
    async listForUser(userId: number): Promise<PasskeyRow[]> {
      return database.all(
        db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.id)),
      );
    },

    async findByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
      return database.first(
        db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)),
      );
    },

    /**
     * Records a sign-in with the passkey. The counter only moves forward: of two concurrent
     * sign-ins with the same counter value, one is refused (false), as a cloned key's would be.
     */
    async recordUse(
      id: number,
      seen: { previousCounter: number; counter: number; backedUp: boolean; at: Date },
    ): Promise<boolean> {
      const updated = await database.changes(
        db
          .update(passkeys)
          .set({ counter: seen.counter, backedUp: seen.backedUp, lastUsedAt: seen.at })
          .where(and(eq(passkeys.id, id), eq(passkeys.counter, seen.previousCounter))),
      );
      return updated === 1;
    },

    /** Deletes one of the user's passkeys; undefined when the user has none with that id. */
    async delete(id: number, userId: number): Promise<PasskeyRow | undefined> {
      return database.first(
        db
          .delete(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
          .returning(),
      );
    },
  };
}
