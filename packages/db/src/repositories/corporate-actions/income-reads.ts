import { fromStored, sum, type Decimal } from "@ledgerline/money";
import { and, asc, desc, eq, gt, isNull, lte } from "drizzle-orm";
import type { Database, Tables } from "../../database";
import { toIncomeEntry, type IncomeEntry, type PaidIncome } from "./rows";

/** The user's entries that are not deleted. */
export const liveIncome = ({ incomeEntries }: Tables, userId: number) => [
  eq(incomeEntries.userId, userId),
  isNull(incomeEntries.deletedAt),
];

/** Reads of the user's income entries: which dividends they are for, and the list. */
export function incomeLists(database: Database) {
  const { db, tables } = database;
  const { incomeEntries } = tables;
  return {
    /**
     * Which dividends the user has an entry for, deleted ones included: an import does not
     * write one again (the unique key is user, type, symbol and ex-date).
     */
    async incomeKeys(
      userId: number,
      accountId: number,
    ): Promise<{ symbol: string; exDate: string }[]> {
      return database.all(
        db
          .select({ symbol: incomeEntries.symbol, exDate: incomeEntries.exDate })
          .from(incomeEntries)
          .where(and(eq(incomeEntries.userId, userId), eq(incomeEntries.accountId, accountId))),
      );
    },

    /** The user's income entries (of one account, or all), newest pay date first. */
    async listIncome(userId: number, accountId?: number): Promise<IncomeEntry[]> {
      const rows = await database.all(
        db
          .select()
          .from(incomeEntries)
          .where(
            and(
              ...liveIncome(tables, userId),
              ...(accountId === undefined ? [] : [eq(incomeEntries.accountId, accountId)]),
            ),
          )
          .orderBy(desc(incomeEntries.payDate), asc(incomeEntries.symbol), desc(incomeEntries.id)),
      );
      return rows.map(toIncomeEntry);
    },
  };
}

/** The user's income summed, or paid dividend by dividend, over a period. */
export function incomeSums(database: Database) {
  const { db, tables } = database;
  const { incomeEntries } = tables;
  return {
    /**
     * The user's income, in total or paid over the days after `from` up to `to` (YYYY-MM-DD,
     * pay dates): the returns' income (apps/api services/income.ts).
     */
    async incomeTotal(userId: number, period?: { from: string; to: string }): Promise<Decimal> {
      const rows = await database.all(
        db
          .select({ total: incomeEntries.total })
          .from(incomeEntries)
          .where(
            and(
              ...liveIncome(tables, userId),
              ...(period
                ? [gt(incomeEntries.payDate, period.from), lte(incomeEntries.payDate, period.to)]
                : []),
            ),
          ),
      );
      return sum(rows.map((row) => fromStored(row.total)));
    },

    /**
     * Each dividend paid over the days after `from` up to `to` (pay dates), oldest first: the
     * distributions of the returns (apps/api services/performance.ts).
     */
    async incomePaid(
      userId: number,
      period: { from: string; to: string },
      accountId?: number,
    ): Promise<PaidIncome[]> {
      const rows = await database.all(
        db
          .select({
            symbol: incomeEntries.symbol,
            payDate: incomeEntries.payDate,
            total: incomeEntries.total,
          })
          .from(incomeEntries)
          .where(
            and(
              ...liveIncome(tables, userId),
              ...(accountId === undefined ? [] : [eq(incomeEntries.accountId, accountId)]),
              gt(incomeEntries.payDate, period.from),
              lte(incomeEntries.payDate, period.to),
            ),
          )
          .orderBy(asc(incomeEntries.payDate), asc(incomeEntries.symbol), asc(incomeEntries.id)),
      );
      return rows.map((row) => ({ ...row, total: fromStored(row.total) }));
    },
  };
}
