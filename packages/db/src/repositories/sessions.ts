import { and, eq, gt, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "../database";
import type { SessionRow, UserRow } from "../schema";

export interface NewSession {
  tokenHash: string;
  userId: number;
  createdAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export function sessionsRepository(database: Database) {
  const { db } = database;
  const { sessions, users } = database.tables;
  // Every authenticated request runs these two: prepared once, not rebuilt and re-prepared per call.
  // Placeholders bind raw values, so instants go in as epoch milliseconds.
  const findActiveStatement = database.prepare(
    "sessions_find_active",
    db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder("tokenHash")),
          gt(sessions.expiresAt, sql.placeholder("now")),
          gt(sessions.lastSeenAt, sql.placeholder("idleCutoff")),
        ),
      ),
  );
  const touchStatement = database.prepare(
    "sessions_touch",
    db
      .update(sessions)
      .set({ lastSeenAt: sql`${sql.placeholder("now")}` })
      .where(eq(sessions.tokenHash, sql.placeholder("tokenHash"))),
  );

  return {
    async create(session: NewSession): Promise<void> {
      await database.changes(
        db.insert(sessions).values({ ...session, lastSeenAt: session.createdAt }),
      );
    },

    /** The session and its user, if it is neither past its absolute end nor idle too long. */
    async findActive(
      tokenHash: string,
      now: Date,
      idleTimeoutMs: number,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      return findActiveStatement.first({
        tokenHash,
        now: now.getTime(),
        idleCutoff: now.getTime() - idleTimeoutMs,
      });
    },

    async touch(tokenHash: string, now: Date): Promise<void> {
      await touchStatement.changes({ tokenHash, now: now.getTime() });
    },

    async delete(tokenHash: string): Promise<void> {
      await database.changes(db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)));
    },

    /** Revokes every session of a user, optionally keeping the one making the change. */
    async deleteAllForUser(userId: number, keepTokenHash?: string): Promise<number> {
      const condition = keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId);
      return database.changes(db.delete(sessions).where(condition));
    },

    async deleteExpired(now: Date, idleTimeoutMs: number): Promise<number> {
      const idleCutoff = new Date(now.getTime() - idleTimeoutMs);
      return database.changes(
        db
          .delete(sessions)
          .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleCutoff))),
      );
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
