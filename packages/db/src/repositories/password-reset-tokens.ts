import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import { changes, first, type Database } from "../database";
import type { UserRow } from "../schema";

export function passwordResetTokensRepository(database: Database) {
  const { db } = database;
  const { passwordResetTokens, users } = database.tables;
  return {
    async create(token: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }) {
      await database.changes(db.insert(passwordResetTokens).values(token));
    },

    /**
     * Uses a token once: if it is unused, unexpired and belongs to the given email, it and every
     * other open token of that user are spent, and the user is returned.
     */
    async consume(tokenHash: string, email: string, now: Date): Promise<UserRow | undefined> {
      return database.transaction(function* (tx) {
        const found = yield* first(
          tx
            .select({ user: users })
            .from(passwordResetTokens)
            .innerJoin(users, eq(users.id, passwordResetTokens.userId))
            .where(
              and(
                eq(passwordResetTokens.tokenHash, tokenHash),
                isNull(passwordResetTokens.usedAt),
                gt(passwordResetTokens.expiresAt, now),
                eq(users.email, email),
              ),
            ),
        );
        if (!found) return undefined;
        yield* changes(
          tx
            .update(passwordResetTokens)
            .set({ usedAt: now })
            .where(
              and(
                eq(passwordResetTokens.userId, found.user.id),
                isNull(passwordResetTokens.usedAt),
              ),
            ),
        );
        return found.user;
      });
    },

    async deleteSpentOrExpired(now: Date): Promise<number> {
      return database.changes(
        db
          .delete(passwordResetTokens)
          .where(
            or(lte(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)),
          ),
      );
    },
  };
}

export type PasswordResetTokensRepository = ReturnType<typeof passwordResetTokensRepository>;
