import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";
import { costBasisMethods, investmentAccountTypes } from "@ledgerline/contracts";

export { investmentAccountTypes, type InvestmentAccountType } from "@ledgerline/contracts";

/**
 * A user's investment accounts (issue 31): every position, trade, split row and income entry
 * belongs to one. Named "investment" to stay apart from the user's sign-in account (users,
 * /api/users, auth/account.ts); see docs/decisions. Each user has exactly one default account,
 * made with the user, which trades go into when they name none.
 */
export const investmentAccounts = sqliteTable(
  "investment_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    name: text("name").notNull(),
    type: text("type", { enum: investmentAccountTypes }).notNull(),
    institution: text("institution"),
    cashTracked: integer("cash_tracked", { mode: "boolean" }).notNull(),
    /**
     * How a sale picks its lots (issue 32). Accounts that were there before it keep `average` (the
     * column's default, so no figure a person has seen changes); new ones are written `fifo`.
     */
    costBasisMethod: text("cost_basis_method", { enum: costBasisMethods })
      .notNull()
      .default("average"),
    displayOrder: integer("display_order").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("investment_accounts_user_name_idx").on(table.userId, table.name),
    // One default account per user.
    uniqueIndex("investment_accounts_user_default_idx")
      .on(table.userId)
      .where(sql`${table.isDefault} = 1`),
    index("investment_accounts_user_order_idx").on(table.userId, table.displayOrder),
  ],
);

/** The account a row belongs to: an account holding rows cannot be deleted (the API moves them first). */
export const accountId = () =>
  integer("account_id")
    .notNull()
    .references(() => investmentAccounts.id, { onDelete: "no action" });

export type InvestmentAccountRow = typeof investmentAccounts.$inferSelect;
