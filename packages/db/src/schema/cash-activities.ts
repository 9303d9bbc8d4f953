import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { cashActivityKinds } from "@ledgerline/contracts";
import { accountId } from "./investment-accounts";
import { ownerId } from "./users";

export { cashActivityKinds, type CashActivityKind } from "@ledgerline/contracts";

/**
 * Money into or out of an investment account that is not a trade or a dividend (issue 31):
 * deposits, withdrawals, interest, account fees, tax withheld, and the two sides of a cash
 * transfer between two accounts of the user (`transfer-out` and `transfer-in`, sharing one
 * `transfer_id`: the id of the `transfer-out` row). Amounts are positive exact decimals stored as
 * fixed-width text (@ledgerline/money `toStored`); the kind says the direction. Dates are
 * YYYY-MM-DD. The cash balance is summed from these rows and the trades, never stored.
 */
export const cashActivities = sqliteTable(
  "cash_activities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    accountId: accountId(),
    kind: text("kind", { enum: cashActivityKinds }).notNull(),
    amount: text("amount").notNull(),
    date: text("date").notNull(),
    notes: text("notes"),
    transferId: integer("transfer_id"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    // The list by account and date (newest first, then by id), and the balance as of a day.
    index("cash_activities_user_account_date_idx").on(
      table.userId,
      table.accountId,
      table.date,
      table.id,
    ),
    // The list over every account.
    index("cash_activities_user_date_idx").on(table.userId, table.date, table.id),
    // The other side of a transfer.
    index("cash_activities_transfer_idx")
      .on(table.transferId)
      .where(sql`${table.transferId} IS NOT NULL`),
  ],
);

export type CashActivityRow = typeof cashActivities.$inferSelect;
