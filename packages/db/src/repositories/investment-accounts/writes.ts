import { and, asc, count, eq, max, ne } from "drizzle-orm";
import { all, changes, first, type Database, type Work } from "../../database";
import { isUniqueViolation } from "../errors";
import { moveRows } from "./move";
import {
  toInvestmentAccount,
  type AccountDeleteOutcome,
  type AccountWriteOutcome,
  type InvestmentAccountChanges,
  type InvestmentAccountFields,
  type MoveRules,
} from "./rows";
import { activityOf, lockedAccount, ofUser } from "./steps";
import { lockUser } from "../user-lock";

/** Adds an account after the others, unless the user already keeps `limit`. */
export async function createAccount(
  database: Database,
  userId: number,
  fields: InvestmentAccountFields,
  options: { now: Date; limit: number },
): Promise<AccountWriteOutcome> {
  const { tables } = database;
  const { investmentAccounts } = tables;
  const { now, limit } = options;
  try {
    return await database.transaction(function* (tx): Work<AccountWriteOutcome> {
      yield* lockUser(tx, tables, userId);
      const held = yield* first(
        tx
          .select({ n: count(), last: max(investmentAccounts.displayOrder) })
          .from(investmentAccounts)
          .where(eq(investmentAccounts.userId, userId)),
      );
      if (Number(held?.n ?? 0) >= limit) return { ok: false, reason: "too_many" };
      const row = yield* first(
        tx
          .insert(investmentAccounts)
          .values({
            userId,
            name: fields.name,
            type: fields.type,
            institution: fields.institution,
            cashTracked: fields.cashTracked,
            costBasisMethod: fields.costBasisMethod,
            displayOrder: fields.displayOrder ?? Number(held?.last ?? -1) + 1,
            isDefault: false,
            createdAt: now,
          })
          .returning(),
      );
      return { ok: true, account: toInvestmentAccount(row) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "name_taken" };
    throw error;
  }
}

/** Changes an account's fields; `isDefault: true` moves the default to it. */
export async function updateAccount(
  database: Database,
  userId: number,
  id: number,
  changed: InvestmentAccountChanges,
): Promise<AccountWriteOutcome> {
  const { tables } = database;
  const { investmentAccounts } = tables;
  try {
    return await database.transaction(function* (tx): Work<AccountWriteOutcome> {
      const row = yield* lockedAccount(tx, tables, userId, id);
      if (!row) return { ok: false, reason: "not_found" };
      if (changed.isDefault && !row.isDefault) {
        yield* changes(
          tx
            .update(investmentAccounts)
            .set({ isDefault: false })
            .where(and(eq(investmentAccounts.userId, userId), ne(investmentAccounts.id, id))),
        );
      }
      const { isDefault, ...fields } = changed;
      const updated = yield* first(
        tx
          .update(investmentAccounts)
          .set({ ...fields, isDefault: isDefault ?? row.isDefault })
          .where(ofUser(tables, userId, id))
          .returning(),
      );
      return { ok: true, account: toInvestmentAccount(updated) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "name_taken" };
    throw error;
  }
}

/**
 * Deletes an account of the user: refused while it holds positions or activity, unless
 * `moveTo` names another of the user's accounts, into which they move first (merged by
 * `rules`). A deleted default account hands the default to the account moved into, or the
 * first other account. One transaction, with the user's trades held off.
 */
export function deleteAccount(
  database: Database,
  userId: number,
  id: number,
  options: { moveTo?: number; rules: MoveRules; now: Date },
): Promise<AccountDeleteOutcome> {
  const { tables } = database;
  const { investmentAccounts } = tables;
  return database.transaction(function* (tx): Work<AccountDeleteOutcome> {
    const row = yield* lockedAccount(tx, tables, userId, id);
    if (!row) return { ok: false, reason: "not_found" };
    const others = yield* all(
      tx
        .select()
        .from(investmentAccounts)
        .where(and(eq(investmentAccounts.userId, userId), ne(investmentAccounts.id, id)))
        .orderBy(asc(investmentAccounts.displayOrder), asc(investmentAccounts.id)),
    );
    if (others.length === 0) return { ok: false, reason: "only_account" };
    let movedSymbols: { assetType: "STOCK" | "CRYPTO"; symbol: string }[] = [];
    let movedCash = 0;
    if (options.moveTo !== undefined) {
      if (!others.some((other) => other.id === options.moveTo)) {
        return { ok: false, reason: "target_not_found" };
      }
      const { rules, now } = options;
      const moved = yield* moveRows({
        tx,
        tables,
        userId,
        from: id,
        to: options.moveTo,
        rules,
        now,
      });
      movedSymbols = moved.symbols;
      movedCash = moved.cash;
    } else {
      const held = yield* activityOf(tx, tables, userId, id);
      if (held.positions + held.transactions + held.income + held.cash > 0) {
        return { ok: false, reason: "holds_activity" };
      }
    }
    yield* changes(tx.delete(investmentAccounts).where(ofUser(tables, userId, id)));
    if (row.isDefault) {
      const heir = options.moveTo ?? others[0]!.id;
      yield* changes(
        tx
          .update(investmentAccounts)
          .set({ isDefault: true })
          .where(ofUser(tables, userId, heir)),
      );
    }
    return { ok: true, movedSymbols, movedCash };
  });
}
