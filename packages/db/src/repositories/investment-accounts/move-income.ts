import { fromStored, toStored } from "@ledgerline/money";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { all, changes, first, type Work } from "../../database";
import type { IncomeEntryRow } from "../../schema";
import type { Move } from "./move-holdings";

/** Makes one of two entries of the same dividend: the source's joins the target's, then goes. */
function* mergeIncomeEntry(
  { tx, tables, rules, now }: Move,
  row: IncomeEntryRow,
  target: IncomeEntryRow,
): Work<void> {
  const { incomeEntries } = tables;
  // A deleted entry (a tombstone) adds nothing; a live one joins the target's.
  if (row.deletedAt === null && target.deletedAt === null) {
    const merged = rules.mergeIncome(
      { quantity: fromStored(target.quantity), total: fromStored(target.total) },
      { quantity: fromStored(row.quantity), total: fromStored(row.total) },
    );
    yield* changes(
      tx
        .update(incomeEntries)
        .set({
          quantity: toStored(merged.quantity),
          total: toStored(merged.total),
          manual: target.manual || row.manual,
          updatedAt: now,
        })
        .where(eq(incomeEntries.id, target.id)),
    );
  } else if (target.deletedAt !== null && row.deletedAt === null) {
    yield* changes(
      tx
        .update(incomeEntries)
        .set({
          quantity: row.quantity,
          amountPerShare: row.amountPerShare,
          total: row.total,
          manual: row.manual,
          deletedAt: null,
          updatedAt: now,
        })
        .where(eq(incomeEntries.id, target.id)),
    );
  }
  yield* changes(tx.delete(incomeEntries).where(eq(incomeEntries.id, row.id)));
}

/** Moves the income entries of `from` into `to`, one entry of a dividend both have merged. */
export function* moveIncome(move: Move): Work<void> {
  const { tx, tables, userId, from, to } = move;
  const { incomeEntries } = tables;
  const sourceIncome = yield* all(
    tx
      .select()
      .from(incomeEntries)
      .where(and(eq(incomeEntries.userId, userId), eq(incomeEntries.accountId, from))),
  );
  for (const row of sourceIncome) {
    const target = yield* first(
      tx
        .select()
        .from(incomeEntries)
        .where(
          and(
            eq(incomeEntries.userId, userId),
            eq(incomeEntries.accountId, to),
            eq(incomeEntries.type, row.type),
            eq(incomeEntries.symbol, row.symbol),
            eq(incomeEntries.exDate, row.exDate),
          ),
        ),
    );
    if (target) {
      yield* mergeIncomeEntry(move, row, target);
    } else {
      yield* changes(
        tx.update(incomeEntries).set({ accountId: to }).where(eq(incomeEntries.id, row.id)),
      );
    }
  }
}

/**
 * Moves the cash activities of `from` into `to`. A transfer between the two would become one
 * from the account to itself, which moves no money: both its sides are deleted.
 */
export function* moveCash({ tx, tables, userId, from, to }: Move): Work<number> {
  const { cashActivities } = tables;
  const sides = yield* all(
    tx
      .select({ accountId: cashActivities.accountId, transferId: cashActivities.transferId })
      .from(cashActivities)
      .where(
        and(
          eq(cashActivities.userId, userId),
          inArray(cashActivities.accountId, [from, to]),
          isNotNull(cashActivities.transferId),
        ),
      ),
  );
  const accountsOf = new Map<number, Set<number>>();
  for (const side of sides) {
    const accounts = accountsOf.get(side.transferId!) ?? new Set<number>();
    accounts.add(side.accountId);
    accountsOf.set(side.transferId!, accounts);
  }
  const between = [...accountsOf].filter(([, accounts]) => accounts.size === 2).map(([id]) => id);
  if (between.length > 0) {
    yield* changes(
      tx
        .delete(cashActivities)
        .where(and(eq(cashActivities.userId, userId), inArray(cashActivities.transferId, between))),
    );
  }
  return yield* changes(
    tx
      .update(cashActivities)
      .set({ accountId: to })
      .where(and(eq(cashActivities.userId, userId), eq(cashActivities.accountId, from))),
  );
}
