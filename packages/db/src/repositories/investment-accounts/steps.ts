import { and, count, eq } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { first, type Work } from "../../database";
import { lockUser } from "../user-lock";
import type { AccountActivity } from "./rows";

/** The user's account `id`. */
export const ofUser = ({ investmentAccounts }: Tables, userId: number, id: number) =>
  and(eq(investmentAccounts.userId, userId), eq(investmentAccounts.id, id));

/** The user's account `id`, read after taking the user's lock (as every write here does). */
export function* lockedAccount(tx: Db, tables: Tables, userId: number, id: number) {
  yield* lockUser(tx, tables, userId);
  return yield* first(
    tx
      .select()
      .from(tables.investmentAccounts)
      .where(ofUser(tables, userId, id)),
  );
}

/** How many rows of each kind the account holds. */
export function* activityOf(
  tx: Db,
  tables: Tables,
  userId: number,
  accountId: number,
): Work<AccountActivity> {
  const { cashActivities, incomeEntries, positions, transactions } = tables;
  const counted = function* (
    table: typeof positions | typeof transactions | typeof incomeEntries | typeof cashActivities,
  ) {
    const row = yield* first(
      tx
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.userId, userId), eq(table.accountId, accountId))),
    );
    return Number(row?.n ?? 0);
  };
  return {
    positions: yield* counted(positions),
    transactions: yield* counted(transactions),
    income: yield* counted(incomeEntries),
    cash: yield* counted(cashActivities),
  };
}
