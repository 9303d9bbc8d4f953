import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { all, changes, first, locked, type Database, type Work } from "../../database";
import type { IncomeEntryRow } from "../../schema";
import { accountFor } from "../investment-accounts";
import { liveIncome } from "./income-reads";
import { incomeValues, toIncomeEntry, type IncomeFields, type IncomeWriteOutcome } from "./rows";

/** The user's entry for one dividend: an account, symbol and ex-date hold one entry, live or deleted. */
const dividendEntry = (
  { incomeEntries }: Tables,
  userId: number,
  { accountId, symbol, exDate }: { accountId: number; symbol: string; exDate: string },
) => [
  eq(incomeEntries.userId, userId),
  eq(incomeEntries.accountId, accountId),
  eq(incomeEntries.type, "DIVIDEND"),
  eq(incomeEntries.symbol, symbol),
  eq(incomeEntries.exDate, exDate),
];

function* findIncome(
  tx: Db,
  tables: Tables,
  userId: number,
  id: number,
): Work<IncomeEntryRow | undefined> {
  const { incomeEntries } = tables;
  return yield* locked(
    tx
      .select()
      .from(incomeEntries)
      .where(and(eq(incomeEntries.id, id), ...liveIncome(tables, userId))),
  );
}

/**
 * An entry typed by hand. One entry per dividend: an existing one is edited instead; one the
 * user deleted comes back with these figures.
 */
export function createIncome(
  database: Database,
  userId: number,
  fields: IncomeFields,
  now: Date,
): Promise<IncomeWriteOutcome> {
  const { tables } = database;
  const { incomeEntries } = tables;
  return database.transaction(function* (tx): Work<IncomeWriteOutcome> {
    const accountId = yield* accountFor(tx, tables.investmentAccounts, userId, fields.accountId);
    if (accountId === null) return { ok: false, reason: "account_not_found" };
    const values = {
      ...incomeValues({ ...fields, accountId }),
      manual: true,
      deletedAt: null,
      updatedAt: now,
    };
    const inserted = yield* all(
      tx
        .insert(incomeEntries)
        .values({ userId, type: "DIVIDEND", ...values, createdAt: now })
        .onConflictDoNothing()
        .returning(),
    );
    if (inserted[0]) return { ok: true, entry: toIncomeEntry(inserted[0]) };
    const revived = yield* all(
      tx
        .update(incomeEntries)
        .set(values)
        .where(
          // Only a deleted entry is brought back; a live one is the user's to edit.
          and(
            ...dividendEntry(tables, userId, { ...fields, accountId }),
            isNotNull(incomeEntries.deletedAt),
          ),
        )
        .returning(),
    );
    return revived[0]
      ? { ok: true, entry: toIncomeEntry(revived[0]) }
      : { ok: false, reason: "duplicate" };
  });
}

export function updateIncome(
  database: Database,
  userId: number,
  id: number,
  fields: IncomeFields,
  now: Date,
): Promise<IncomeWriteOutcome> {
  const { tables } = database;
  const { incomeEntries, investmentAccounts } = tables;
  return database.transaction(function* (tx): Work<IncomeWriteOutcome> {
    const entry = yield* findIncome(tx, tables, userId, id);
    if (!entry) return { ok: false, reason: "not_found" };
    const accountId = yield* accountFor(
      tx,
      investmentAccounts,
      userId,
      fields.accountId,
      entry.accountId,
    );
    if (accountId === null) return { ok: false, reason: "account_not_found" };
    // Moved onto another dividend's symbol and ex-date: a live entry there is a duplicate; a
    // deleted one gives way.
    const other = yield* first(
      tx
        .select()
        .from(incomeEntries)
        .where(
          and(...dividendEntry(tables, userId, { ...fields, accountId }), ne(incomeEntries.id, id)),
        ),
    );
    if (other && !other.deletedAt) return { ok: false, reason: "duplicate" };
    if (other) yield* changes(tx.delete(incomeEntries).where(eq(incomeEntries.id, other.id)));
    const updated = yield* all(
      tx
        .update(incomeEntries)
        .set({ ...incomeValues({ ...fields, accountId }), manual: true, updatedAt: now })
        .where(eq(incomeEntries.id, id))
        .returning(),
    );
    return { ok: true, entry: toIncomeEntry(updated[0]!) };
  });
}

/** Deleted entries stay as tombstones, so a later sync does not write them again. */
export function deleteIncome(
  database: Database,
  userId: number,
  id: number,
  now: Date,
): Promise<boolean> {
  const { tables } = database;
  return database.transaction(function* (tx): Work<boolean> {
    if (!(yield* findIncome(tx, tables, userId, id))) return false;
    yield* changes(
      tx
        .update(tables.incomeEntries)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(tables.incomeEntries.id, id)),
    );
    return true;
  });
}
