import { costBasisMethods, investmentAccountTypes } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";
import type { Owners } from "./users";

export { investmentAccountTypes, type InvestmentAccountType } from "@ledgerline/contracts";

export function investmentAccountTables(k: ColumnKit, { ownerId }: Owners) {
  /**
   * A user's investment accounts (issue 31): every position, trade, split row and income entry
   * belongs to one. Named "investment" to stay apart from the user's sign-in account (users,
   * /api/users, auth/account.ts); see docs/decisions. Each user has exactly one default account,
   * made with the user, which trades go into when they name none.
   */
  const investmentAccounts = k.table(
    "investment_accounts",
    {
      id: k.id(),
      userId: ownerId(),
      name: k.text("name").notNull(),
      type: k.text("type", { enum: investmentAccountTypes }).notNull(),
      institution: k.text("institution"),
      cashTracked: k.flag("cash_tracked").notNull(),
      /**
       * How a sale picks its lots (issue 32). Accounts that were there before it keep `average` (the
       * column's default, so no figure a person has seen changes); new ones are written `fifo`.
       */
      costBasisMethod: k
        .text("cost_basis_method", { enum: costBasisMethods })
        .notNull()
        .default("average"),
      displayOrder: k.integer("display_order").notNull(),
      isDefault: k.flag("is_default").notNull(),
      createdAt: k.instant("created_at").notNull(),
    },
    (table) => [
      k.uniqueIndex("investment_accounts_user_name_idx").on(table.userId, table.name),
      // One default account per user.
      k
        .uniqueIndex("investment_accounts_user_default_idx")
        .on(table.userId)
        .where(k.isTrue(table.isDefault)),
      k.index("investment_accounts_user_order_idx").on(table.userId, table.displayOrder),
    ],
  );

  /** The account a row belongs to: an account holding rows cannot be deleted (the API moves them first). */
  const accountId = () =>
    k
      .integer("account_id")
      .notNull()
      .references(() => investmentAccounts.id, { onDelete: "no action" });

  return { investmentAccounts, accountId };
}

/** The owner and the account columns of a row that belongs to an investment account. */
export type Owned = Owners & Pick<ReturnType<typeof investmentAccountTables>, "accountId">;
