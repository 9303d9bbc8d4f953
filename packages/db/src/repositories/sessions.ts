import { and, eq, gt, lte, ne, or } from "drizzle-orm";
import type { Db } from "../client";
import { sessions, users, type SessionRow, type UserRow } from "../schema";

export interface NewSession {
  tokenHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export function sessionsRepository(db: Db) {
  return {
    async create(session: NewSession): Promise<void> {
      db.insert(sessions)
        .values({ ...session, lastSeenAt: session.createdAt })
        .run();
    },

    /** The session and its user, if it is neither past its absolute end nor idle too long. */
    async findActive(
      tokenHash: string,
      now: Date,
      idleTimeoutMs: number,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const idleCutoff = new Date(now.getTime() - idleTimeoutMs);
      return db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, idleCutoff),
          ),
        )
        .get();
    },

    async touch(tokenHash: string, now: Date): Promise<void> {
      db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash)).run();
    },

    async delete(tokenHash: string): Promise<void> {
      db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
    },

    /** Revokes every session of a user, optionally keeping the one making the change. */
    async deleteAllForUser(userId: number, keepTokenHash?: string): Promise<number> {
      const condition = keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId);
      return db.delete(sessions).where(condition).run().changes;
    },

    async deleteExpired(now: Date, idleTimeoutMs: number): Promise<number> {
      const idleCutoff = new Date(now.getTime() - idleTimeoutMs);
      return db
        .delete(sessions)
        .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleCutoff)))
        .run().changes;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
