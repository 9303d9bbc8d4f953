import { and, eq, gt, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../client";
import { passwordResetTokens, users, type UserRow } from "../schema";

export function passwordResetTokensRepository(db: Db) {
  return {
    async create(token: { tokenHash: string; userId: number; createdAt: Date; expiresAt: Date }) {
      db.insert(passwordResetTokens).values(token).run();
    },

    /**
     * Uses a token once: if it is unused, unexpired and belongs to the given email, it and every
     * other open token of that user are spent, and the user is returned.
     */
    async consume(tokenHash: string, email: string, now: Date): Promise<UserRow | undefined> {
      return db.transaction((tx) => {
        const found = tx
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
          )
          .get();
        if (!found) return undefined;
        tx.update(passwordResetTokens)
          .set({ usedAt: now })
          .where(
            and(eq(passwordResetTokens.userId, found.user.id), isNull(passwordResetTokens.usedAt)),
          )
          .run();
        return found.user;
      });
    },

    async deleteSpentOrExpired(now: Date): Promise<number> {
      return db
        .delete(passwordResetTokens)
        .where(or(lte(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
        .run().changes;
    },
  };
}

export type PasswordResetTokensRepository = ReturnType<typeof passwordResetTokensRepository>;
