import { sql } from "drizzle-orm";
import { cashActivityKinds } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export { cashActivityKinds, type CashActivityKind } from "@ledgerline/contracts";

export function cashActivityTables(k: ColumnKit, refs: Owned) {
  /**
   * Money into or out of an investment account that is not a trade or a dividend (issue 31):
   * deposits, withdrawals, interest, account fees, tax withheld, and the two sides of a cash
   * transfer between two accounts of the user (`transfer-out` and `transfer-in`, sharing one
   * `transfer_id`: the id of the `transfer-out` row). Amounts are positive exact decimals stored as
   * fixed-width text (@ledgerline/money `toStored`); the kind says the direction. Dates are
   * YYYY-MM-DD. The cash balance is summed from these rows and the trades, never stored.
   */
  const cashActivities = k.table(
    "cash_activities",
    {
      id: k.id(),
      userId: refs.ownerId(),
      accountId: refs.accountId(),
      kind: k.text("kind", { enum: cashActivityKinds }).notNull(),
      amount: k.decimal("amount").notNull(),
      date: k.text("date").notNull(),
      notes: k.text("notes"),
      transferId: k.integer("transfer_id"),
      /**
       * The import job that wrote the row (decision 0059): its rows are written batch by batch, so
       * a cancel, a failure or a retry removes exactly these while the job has not ended.
       */
      importJobId: k.integer("import_job_id"),
      createdAt: k.instant("created_at").notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [
      // The list by account and date (newest first, then by id), and the balance as of a day.
      k
        .index("cash_activities_user_account_date_idx")
        .on(table.userId, table.accountId, table.date, table.id),
      // The list over every account.
      k.index("cash_activities_user_date_idx").on(table.userId, table.date, table.id),
      // The other side of a transfer.
      k
        .index("cash_activities_transfer_idx")
        .on(table.transferId)
        .where(sql`${table.transferId} IS NOT NULL`),
      k
        .index("cash_activities_import_job_idx")
        .on(table.importJobId)
        .where(sql`${table.importJobId} IS NOT NULL`),
    ],
  );
  return { cashActivities };
}
