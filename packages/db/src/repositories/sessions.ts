import { and, eq, gt, lte, ne, or, sql } from "drizzle-orm";
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
  // Every authenticated request runs these two: prepared once, not rebuilt and re-prepared per call.
  // Placeholders bind raw values, so instants go in as epoch milliseconds.
  const findActiveStatement = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        gt(sessions.lastSeenAt, sql.placeholder("idleCutoff")),
      ),
    )
    .prepare();
  const touchStatement = db
    .update(sessions)
    .set({ lastSeenAt: sql`${sql.placeholder("now")}` })
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .prepare();

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
      return findActiveStatement.get({
        tokenHash,
        now: now.getTime(),
        idleCutoff: now.getTime() - idleTimeoutMs,
      });
    },

    async touch(tokenHash: string, now: Date): Promise<void> {
      touchStatement.run({ tokenHash, now: now.getTime() });
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
