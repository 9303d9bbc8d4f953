import { sql } from "drizzle-orm";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export const incomeTypes = ["DIVIDEND"] as const;
export type IncomeType = (typeof incomeTypes)[number];

export function incomeTables(k: ColumnKit, refs: Owned) {
  /**
   * A user's income: one row per dividend received (issue 15). Rows made from the market's
   * dividends are written once per user, symbol and ex-date; the user may then edit them (a
   * broker's figure after withholding tax) or delete them, which keeps the row as a tombstone
   * (`deleted_at`) so the next sync does not bring it back. Dates are YYYY-MM-DD (New York);
   * amounts are exact decimal text (see @ledgerline/money `toStored`).
   */
  const incomeEntries = k.table(
    "income_entries",
    {
      id: k.id(),
      userId: refs.ownerId(),
      accountId: refs.accountId(),
      type: k.text("type", { enum: incomeTypes }).notNull(),
      symbol: k.text("symbol").notNull(),
      exDate: k.text("ex_date").notNull(),
      payDate: k.text("pay_date").notNull(),
      /** Shares held at the ex-date. */
      quantity: k.decimal("quantity").notNull(),
      amountPerShare: k.decimal("amount_per_share").notNull(),
      total: k.decimal("total").notNull(),
      /** Typed or edited by the user: a sync never changes it. */
      manual: k.flag("manual").notNull(),
      deletedAt: k.instant("deleted_at"),
      /**
       * The import job that wrote the row (decision 0059): its rows are written batch by batch, so
       * a cancel, a failure or a retry removes exactly these while the job has not ended.
       */
      importJobId: k.integer("import_job_id"),
      createdAt: k.instant("created_at").notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [
      k
        .uniqueIndex("income_entries_user_account_dividend_idx")
        .on(table.userId, table.accountId, table.type, table.symbol, table.exDate),
      k.index("income_entries_user_pay_date_idx").on(table.userId, table.payDate),
      k
        .index("income_entries_import_job_idx")
        .on(table.importJobId)
        .where(sql`${table.importJobId} IS NOT NULL`),
    ],
  );
  return { incomeEntries };
}
