import { and, eq } from "drizzle-orm";
import type { Database } from "../database";
import { createIncome, deleteIncome, updateIncome } from "./corporate-actions/income-writes";
import { incomeLists, incomeSums } from "./corporate-actions/income-reads";
import { replayAccess } from "./corporate-actions/replay";
import type { IncomeFields } from "./corporate-actions/rows";

export { incomeValues } from "./corporate-actions/rows";
export type {
  ApplyCorporateActionsOutcome,
  CorporateActionWrites,
  DividendToApply,
  IncomeEntry,
  IncomeFields,
  IncomeWriteOutcome,
  PaidIncome,
  ReplayRow,
  ReplayTarget,
  SplitRowFigures,
  SplitRowWrite,
  SplitToApply,
} from "./corporate-actions/rows";

/**
 * The rows of corporate actions (issue 15): the SPLIT rows in a stock's history, the dividends
 * paid as income entries, and the reads and writes of their replay. What a replay does (a split
 * multiplies what was held at its ex-date, a dividend is paid on it) is the accounting's:
 * packages/api accounting/corporate-action-replay.ts, which these methods read rows for and
 * whose changes they write.
 *
 * A SPLIT row is unique per user, account, symbol and instant, and holds the quantity and
 * average price after the split, the cost basis it carried, and what it did in words. An income
 * entry is unique per user, account, symbol and ex-date; a user's edit or deletion is never
 * overwritten.
 */

export function corporateActionsRepository(database: Database) {
  const { db } = database;
  const { transactions } = database.tables;
  return {
    /** The accounts in which the user has traded the stock, in id order. */
    async accountsTrading(userId: number, symbol: string): Promise<number[]> {
      const rows = await database.all(
        db
          .selectDistinct({ accountId: transactions.accountId })
          .from(transactions)
          .where(
            and(
              eq(transactions.userId, userId),
              eq(transactions.type, "STOCK"),
              eq(transactions.symbol, symbol),
            ),
          ),
      );
      return rows.map((row) => row.accountId).sort((a, b) => a - b);
    },
    ...replayAccess(database),
    ...incomeLists(database),
    ...incomeSums(database),
    /** An entry typed by hand; an existing or deleted one for the dividend is edited instead. */
    createIncome: (userId: number, fields: IncomeFields, now: Date) =>
      createIncome(database, userId, fields, now),
    updateIncome: (userId: number, id: number, fields: IncomeFields, now: Date) =>
      updateIncome(database, userId, id, fields, now),
    /** Deleted entries stay as tombstones, so a later sync does not write them again. */
    deleteIncome: (userId: number, id: number, now: Date) =>
      deleteIncome(database, userId, id, now),
  };
}

export type CorporateActionsRepository = ReturnType<typeof corporateActionsRepository>;
