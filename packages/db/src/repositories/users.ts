import { asc, count, eq, sql } from "drizzle-orm";
import { changes, first, type Database, type Work } from "../database";
import type { UserRow } from "../schema";
import { isUniqueViolation } from "./errors";
import { defaultAccountValues } from "./investment-accounts";

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin?: boolean;
  /** The browser's locale at registration; the column's en-US when absent. */
  locale?: string;
}

export function usersRepository(database: Database) {
  return { ...userRecords(database), ...userSignInRows(database) };
}

/** Finding, creating and counting users. */
function userRecords(database: Database) {
  const { db } = database;
  const { users, investmentAccounts } = database.tables;
  const listStatement = database.prepare(
    "users_list",
    db.select().from(users).orderBy(asc(users.name), asc(users.id)),
  );

  return {
    async findById(id: number): Promise<UserRow | undefined> {
      return database.first(db.select().from(users).where(eq(users.id, id)));
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      return database.first(db.select().from(users).where(eq(users.email, email)));
    },

    /**
     * Returns undefined when the email is already taken. Every user is made with a default
     * investment account (every sign-up path, the admin's, the seed's, comes here).
     */
    async create(user: NewUser, now: Date): Promise<UserRow | undefined> {
      try {
        return await database.transaction(function* (tx): Work<UserRow> {
          const row = yield* first(
            tx
              .insert(users)
              .values({ ...user, isAdmin: user.isAdmin ?? false, createdAt: now })
              .returning(),
          );
          yield* changes(tx.insert(investmentAccounts).values(defaultAccountValues(row.id, now)));
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async list(): Promise<UserRow[]> {
      return listStatement.all();
    },

    async count(): Promise<number> {
      const row = await database.first(db.select({ n: count() }).from(users));
      return row?.n ?? 0;
    },

    async countAdmins(): Promise<number> {
      const row = await database.first(
        db.select({ n: count() }).from(users).where(eq(users.isAdmin, true)),
      );
      return row?.n ?? 0;
    },
  };
}

/** What signing in and account changes write on a user row. */
function userSignInRows(database: Database) {
  const { db } = database;
  const { users, passwordResetTokens } = database.tables;

  return {
    /** Moves the last login to previous, stamps the new one and counts it. */
    async recordLogin(id: number, now: Date): Promise<UserRow | undefined> {
      return database.first(
        db
          .update(users)
          .set({
            previousLoginAt: sql`${users.lastLoginAt}`,
            lastLoginAt: now,
            numberOfLogins: sql`${users.numberOfLogins} + 1`,
          })
          .where(eq(users.id, id))
          .returning(),
      );
    },

    async recordFailedLogin(id: number): Promise<void> {
      await database.changes(
        db
          .update(users)
          .set({ failedLogins: sql`${users.failedLogins} + 1` })
          .where(eq(users.id, id)),
      );
    },

    /** A new password spends every open reset link: a link mailed earlier must not undo it. */
    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await database.transaction(function* (tx) {
        yield* changes(tx.update(users).set({ passwordHash }).where(eq(users.id, id)));
        yield* changes(tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)));
      });
    },

    async setDisplayCurrency(id: number, displayCurrency: string): Promise<void> {
      await database.changes(db.update(users).set({ displayCurrency }).where(eq(users.id, id)));
    },

    async setLocale(id: number, locale: string): Promise<void> {
      await database.changes(db.update(users).set({ locale }).where(eq(users.id, id)));
    },

    async setAdmin(id: number, isAdmin: boolean): Promise<void> {
      await database.changes(db.update(users).set({ isAdmin }).where(eq(users.id, id)));
    },

    /**
     * Returns false when another account already uses the address. A new address spends every
     * open reset link: one mailed to the old address must not take the account back.
     */
    async setEmail(id: number, email: string): Promise<boolean> {
      try {
        await database.transaction(function* (tx) {
          yield* changes(tx.update(users).set({ email }).where(eq(users.id, id)));
          yield* changes(tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, id)));
        });
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** Deletes the user; every row they own goes with it through ON DELETE CASCADE. */
    async delete(id: number): Promise<boolean> {
      return (await database.changes(db.delete(users).where(eq(users.id, id)))) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
