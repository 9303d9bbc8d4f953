import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountId } from "./investment-accounts";
import { ownerId } from "./users";

export const incomeTypes = ["DIVIDEND"] as const;
export type IncomeType = (typeof incomeTypes)[number];

/**
 * A user's income: one row per dividend received (issue 15). Rows made from the market's
 * dividends are written once per user, symbol and ex-date; the user may then edit them (a
 * broker's figure after withholding tax) or delete them, which keeps the row as a tombstone
 * (`deleted_at`) so the next sync does not bring it back. Dates are YYYY-MM-DD (New York);
 * amounts are exact decimal text (see @ledgerline/money `toStored`).
 */
export const incomeEntries = sqliteTable(
  "income_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    accountId: accountId(),
    type: text("type", { enum: incomeTypes }).notNull(),
    symbol: text("symbol").notNull(),
    exDate: text("ex_date").notNull(),
    payDate: text("pay_date").notNull(),
    /** Shares held at the ex-date. */
    quantity: text("quantity").notNull(),
    amountPerShare: text("amount_per_share").notNull(),
    total: text("total").notNull(),
    /** Typed or edited by the user: a sync never changes it. */
    manual: integer("manual", { mode: "boolean" }).notNull(),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("income_entries_user_account_dividend_idx").on(
      table.userId,
      table.accountId,
      table.type,
      table.symbol,
      table.exDate,
    ),
    index("income_entries_user_pay_date_idx").on(table.userId, table.payDate),
  ],
);

export type IncomeEntryRow = typeof incomeEntries.$inferSelect;
