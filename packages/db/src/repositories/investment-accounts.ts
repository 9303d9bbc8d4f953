import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../database";
import {
  toInvestmentAccount,
  type AccountActivity,
  type InvestmentAccount,
  type InvestmentAccountChanges,
  type InvestmentAccountFields,
  type MoveRules,
} from "./investment-accounts/rows";
import { activityOf, ofUser } from "./investment-accounts/steps";
import { createAccount, deleteAccount, updateAccount } from "./investment-accounts/writes";

export * from "./investment-accounts/rows";

export function investmentAccountsRepository(database: Database) {
  const { db, tables } = database;
  const { investmentAccounts } = tables;
  return {
    /** The user's accounts in display order (then oldest first). */
    async list(userId: number): Promise<InvestmentAccount[]> {
      const rows = await database.all(
        db
          .select()
          .from(investmentAccounts)
          .where(eq(investmentAccounts.userId, userId))
          .orderBy(asc(investmentAccounts.displayOrder), asc(investmentAccounts.id)),
      );
      return rows.map(toInvestmentAccount);
    },

    async findById(userId: number, id: number): Promise<InvestmentAccount | undefined> {
      const row = await database.first(
        db
          .select()
          .from(investmentAccounts)
          .where(ofUser(tables, userId, id)),
      );
      return row ? toInvestmentAccount(row) : undefined;
    },

    async findDefault(userId: number): Promise<InvestmentAccount | undefined> {
      const row = await database.first(
        db
          .select()
          .from(investmentAccounts)
          .where(
            and(eq(investmentAccounts.userId, userId), eq(investmentAccounts.isDefault, true)),
          ),
      );
      return row ? toInvestmentAccount(row) : undefined;
    },

    /** Adds an account after the others, unless the user already keeps `limit`. */
    create: (
      userId: number,
      fields: InvestmentAccountFields,
      options: { now: Date; limit: number },
    ) => createAccount(database, userId, fields, options),

    /** Changes an account's fields; `isDefault: true` moves the default to it. */
    update: (userId: number, id: number, changed: InvestmentAccountChanges) =>
      updateAccount(database, userId, id, changed),

    /** What the account holds (the API refuses to delete one that holds anything unmoved). */
    async activity(userId: number, id: number): Promise<AccountActivity> {
      return database.transaction(
        function* (tx) {
          return yield* activityOf(tx, tables, userId, id);
        },
        { readOnly: true },
      );
    },

    /** Deletes an account, moving its rows first into `moveTo` when named (see writes.ts). */
    delete: (
      userId: number,
      id: number,
      options: { moveTo?: number; rules: MoveRules; now: Date },
    ) => deleteAccount(database, userId, id, options),
  };
}

export type InvestmentAccountsRepository = ReturnType<typeof investmentAccountsRepository>;
