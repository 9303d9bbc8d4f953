import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { passwordResetTokens, users, type UserRow } from "../schema";
import { isUniqueViolation } from "./errors";

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin?: boolean;
}

export function usersRepository(db: Db) {
  const listStatement = db.select().from(users).orderBy(asc(users.name), asc(users.id)).prepare();

  return {
    async findById(id: number): Promise<UserRow | undefined> {
      return db.select().from(users).where(eq(users.id, id)).get();
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db.select().from(users).where(eq(users.email, email)).get();
    },

    /** Returns undefined when the email is already taken. */
    async create(user: NewUser, now: Date): Promise<UserRow | undefined> {
      try {
        return db
          .insert(users)
          .values({ ...user, isAdmin: user.isAdmin ?? false, createdAt: now })
          .returning()
          .get();
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async list(): Promise<UserRow[]> {
      return listStatement.all();
    },

    async count(): Promise<number> {
      const row = db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .get();
      return row?.n ?? 0;
    },

    async countAdmins(): Promise<number> {
      const row = db
        .select({ n: sql<number>`count(*)` })
        .from(users)
        .where(eq(users.isAdmin, true))
        .get();
      return row?.n ?? 0;
    },

    /** Moves the last login to previous, stamps the new one and counts it. */
    async recordLogin(id: number, now: Date): Promise<UserRow | undefined> {
      return db
        .update(users)
        .set({
          previousLoginAt: sql`${users.lastLoginAt}`,
          lastLoginAt: now,
          numberOfLogins: sql`${users.numberOfLogins} + 1`,
        })
        .where(eq(users.id, id))
        .returning()
        .get();
    },

    async recordFailedLogin(id: number): Promise<void> {
      db.update(users)
        .set({ failedLogins: sql`${users.failedLogins} + 1` })
        .where(eq(users.id, id))
        .run();
    },

    /** A new password spends every open reset link: a link mailed earlier must not undo it. */
    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      db.transaction((tx) => {
        tx.update(users).set({ passwordHash }).where(eq(users.id, id)).run();
        tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run();
      });
    },

    async setAdmin(id: number, isAdmin: boolean): Promise<void> {
      db.update(users).set({ isAdmin }).where(eq(users.id, id)).run();
    },

    /**
     * Returns false when another account already uses the address. A new address spends every
     * open reset link: one mailed to the old address must not take the account back.
     */
    async setEmail(id: number, email: string): Promise<boolean> {
      try {
        db.transaction((tx) => {
          tx.update(users).set({ email }).where(eq(users.id, id)).run();
          tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)).run();
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Deletes the user; every row they own goes with it through ON DELETE CASCADE. */
    async delete(id: number): Promise<boolean> {
      return db.delete(users).where(eq(users.id, id)).run().changes > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
