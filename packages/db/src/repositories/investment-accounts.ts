import {
  DEFAULT_COST_BASIS_METHOD,
  DEFAULT_INVESTMENT_ACCOUNT,
  type CostBasisMethod,
} from "@ledgerline/contracts";
import { fromStored, toStored, type Decimal, type Holding } from "@ledgerline/money";
import { and, asc, count, eq, inArray, isNotNull, max, min, ne } from "drizzle-orm";
import type { Db, Tables } from "../database";
import { all, changes, first, locked, type Database, type Work } from "../database";
import type { InvestmentAccountRow, InvestmentAccountType } from "../schema";
import { isUniqueViolation } from "./errors";
import { markSnapshotsStale } from "./snapshots";

/**
 * A user's investment accounts (issue 31): rows only. What may be deleted, and how two holdings of
 * one symbol become one when an account's rows move, are the API's rules (accounts/).
 */
export interface InvestmentAccount {
  id: number;
  name: string;
  type: InvestmentAccountType;
  institution: string | null;
  cashTracked: boolean;
  costBasisMethod: CostBasisMethod;
  displayOrder: number;
  isDefault: boolean;
  createdAt: Date;
}

export interface InvestmentAccountFields {
  name: string;
  type: InvestmentAccountType;
  institution: string | null;
  cashTracked: boolean;
  costBasisMethod: CostBasisMethod;
  /** Default: after the user's other accounts. */
  displayOrder?: number;
}

export type InvestmentAccountChanges = Partial<InvestmentAccountFields> & { isDefault?: true };

export type AccountWriteOutcome =
  | { ok: true; account: InvestmentAccount }
  | { ok: false; reason: "not_found" | "name_taken" | "too_many" };

/** How much an account holds: positions, and rows of its history (trades, splits, income). */
export interface AccountActivity {
  positions: number;
  transactions: number;
  income: number;
  /** Cash activities, transfers' sides included. */
  cash: number;
}

/** An income entry of the same dividend in both accounts, to become one (the API's rule). */
export interface IncomeToMerge {
  quantity: Decimal;
  total: Decimal;
}

export interface MoveRules {
  /** One holding of a symbol from the two accounts' holdings of it. */
  mergeHolding(into: Holding, from: Holding): Holding;
  /** One entry of a dividend from the two accounts' entries of it. */
  mergeIncome(into: IncomeToMerge, from: IncomeToMerge): IncomeToMerge;
}

export type AccountDeleteOutcome =
  | {
      ok: true;
      movedSymbols: { assetType: "STOCK" | "CRYPTO"; symbol: string }[];
      /** Cash activities moved (transfers' sides included). */
      movedCash: number;
    }
  | { ok: false; reason: "not_found" | "target_not_found" | "holds_activity" | "only_account" };

export function toInvestmentAccount(row: InvestmentAccountRow): InvestmentAccount {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    institution: row.institution,
    cashTracked: row.cashTracked,
    costBasisMethod: row.costBasisMethod,
    displayOrder: row.displayOrder,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
  };
}

/** The default account's row of a new user (written with the user, repositories/users.ts). */
export function defaultAccountValues(userId: number, now: Date) {
  return {
    userId,
    name: DEFAULT_INVESTMENT_ACCOUNT.name,
    type: DEFAULT_INVESTMENT_ACCOUNT.type,
    institution: null,
    cashTracked: false,
    costBasisMethod: DEFAULT_COST_BASIS_METHOD,
    displayOrder: 0,
    isDefault: true,
    createdAt: now,
  };
}

/** The user's default account's id, read in a transaction (every user has one). */
export function* defaultAccountId(
  tx: Db,
  table: Tables["investmentAccounts"],
  userId: number,
): Work<number> {
  const row = yield* first(
    tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.isDefault, true))),
  );
  if (!row) throw new Error(`user ${userId} has no default investment account`);
  return row.id;
}

/** Whether the account is the user's (under the user's lock it cannot be deleted meanwhile). */
export function* ownsAccount(
  tx: Db,
  table: Tables["investmentAccounts"],
  userId: number,
  accountId: number,
): Work<boolean> {
  const row = yield* first(
    tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.userId, userId), eq(table.id, accountId))),
  );
  return row !== undefined;
}

export function investmentAccountsRepository(database: Database) {
  const { db } = database;
  const { cashActivities, investmentAccounts, incomeEntries, positions, transactions, users } =
    database.tables;

  const ofUser = (userId: number, id: number) =>
    and(eq(investmentAccounts.userId, userId), eq(investmentAccounts.id, id));

  function* lockUser(tx: Db, userId: number): Work<unknown> {
    return yield* locked(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
  }

  function* activityOf(tx: Db, userId: number, accountId: number): Work<AccountActivity> {
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

  /**
   * Moves the cash activities of `from` into `to`. A transfer between the two would become one
   * from the account to itself, which moves no money: both its sides are deleted.
   */
  function* moveCash(tx: Db, userId: number, from: number, to: number): Work<number> {
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
          .where(
            and(eq(cashActivities.userId, userId), inArray(cashActivities.transferId, between)),
          ),
      );
    }
    return yield* changes(
      tx
        .update(cashActivities)
        .set({ accountId: to })
        .where(and(eq(cashActivities.userId, userId), eq(cashActivities.accountId, from))),
    );
  }

  /** Moves every row of `from` into `to` (both the user's), merging what both hold. */
  function* moveRows(
    tx: Db,
    userId: number,
    from: number,
    to: number,
    rules: MoveRules,
    now: Date,
  ): Work<{ symbols: { assetType: "STOCK" | "CRYPTO"; symbol: string }[]; cash: number }> {
    const moved = yield* all(
      tx
        .select()
        .from(positions)
        .where(and(eq(positions.userId, userId), eq(positions.accountId, from))),
    );
    for (const row of moved) {
      const target = yield* first(
        tx
          .select()
          .from(positions)
          .where(
            and(
              eq(positions.userId, userId),
              eq(positions.accountId, to),
              eq(positions.assetType, row.assetType),
              eq(positions.symbol, row.symbol),
            ),
          ),
      );
      if (!target) {
        yield* changes(tx.update(positions).set({ accountId: to }).where(eq(positions.id, row.id)));
        continue;
      }
      const merged = rules.mergeHolding(
        { quantity: fromStored(target.quantity), averagePrice: fromStored(target.averagePrice) },
        { quantity: fromStored(row.quantity), averagePrice: fromStored(row.averagePrice) },
      );
      yield* changes(
        tx
          .update(positions)
          .set({
            quantity: toStored(merged.quantity),
            averagePrice: toStored(merged.averagePrice),
            openedAt: row.openedAt < target.openedAt ? row.openedAt : target.openedAt,
            updatedAt: now,
          })
          .where(eq(positions.id, target.id)),
      );
      yield* changes(tx.delete(positions).where(eq(positions.id, row.id)));
    }

    // A split row of a symbol and instant both accounts have: the target's stays, and the next
    // corporate-action replay of the symbol rewrites it for the merged trades.
    const targetSplits = yield* all(
      tx
        .select({ symbol: transactions.symbol, at: transactions.transactionDate })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.accountId, to),
            eq(transactions.transactionType, "SPLIT"),
          ),
        ),
    );
    const splitKeys = new Set(targetSplits.map((row) => `${row.symbol}:${row.at.getTime()}`));
    const sourceSplits = yield* all(
      tx
        .select({
          id: transactions.id,
          symbol: transactions.symbol,
          at: transactions.transactionDate,
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.accountId, from),
            eq(transactions.transactionType, "SPLIT"),
          ),
        ),
    );
    const clashing = sourceSplits
      .filter((row) => splitKeys.has(`${row.symbol}:${row.at.getTime()}`))
      .map((row) => row.id);
    if (clashing.length > 0) {
      yield* changes(tx.delete(transactions).where(inArray(transactions.id, clashing)));
    }

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
      if (!target) {
        yield* changes(
          tx.update(incomeEntries).set({ accountId: to }).where(eq(incomeEntries.id, row.id)),
        );
        continue;
      }
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

    // A transfer between the two accounts moves nothing once they are one: both its rows go
    // (left in, a replay would meet its two rows in one account, the out before the in).
    const sourceTransfers = yield* all(
      tx
        .select({ id: transactions.id, pairedId: transactions.pairedId })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.accountId, from),
            inArray(transactions.transactionType, ["TRANSFER_IN", "TRANSFER_OUT"]),
          ),
        ),
    );
    const pairedIds = sourceTransfers.flatMap((row) =>
      row.pairedId === null ? [] : [row.pairedId],
    );
    if (pairedIds.length > 0) {
      const between = yield* all(
        tx
          .select({ id: transactions.id, pairedId: transactions.pairedId })
          .from(transactions)
          .where(
            and(
              eq(transactions.userId, userId),
              eq(transactions.accountId, to),
              inArray(transactions.id, pairedIds),
            ),
          ),
      );
      const gone = between.flatMap((row) =>
        row.pairedId === null ? [row.id] : [row.id, row.pairedId],
      );
      if (gone.length > 0) {
        yield* changes(tx.delete(transactions).where(inArray(transactions.id, gone)));
      }
    }

    const cash = yield* moveCash(tx, userId, from, to);

    const earliest = yield* first(
      tx
        .select({ at: min(transactions.transactionDate) })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.accountId, from))),
    );
    const traded = yield* all(
      tx
        .selectDistinct({ assetType: transactions.type, symbol: transactions.symbol })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.accountId, from))),
    );
    yield* changes(
      tx
        .update(transactions)
        .set({ accountId: to })
        .where(and(eq(transactions.userId, userId), eq(transactions.accountId, from))),
    );
    if (earliest?.at) yield* markSnapshotsStale(userId, new Date(earliest.at));
    const symbols = new Map<string, { assetType: "STOCK" | "CRYPTO"; symbol: string }>();
    for (const row of [...moved, ...traded]) {
      symbols.set(`${row.assetType}:${row.symbol}`, {
        assetType: row.assetType,
        symbol: row.symbol,
      });
    }
    return { symbols: [...symbols.values()], cash };
  }

  return {
    /** The user's accounts in display order (then oldest first). */
    async list(userId: number): Promise<InvestmentAccount[]> {
      const rows = await database.all(
        db
          .select()
          .from(investmentAccounts)
          .where(eq(investmentAccounts.userId, userId))
          .orderBy(asc(investmentAccounts.displayOrder), asc(investmentAccounts.id)),
      );
      return rows.map(toInvestmentAccount);
    },

    async findById(userId: number, id: number): Promise<InvestmentAccount | undefined> {
      const row = await database.first(
        db.select().from(investmentAccounts).where(ofUser(userId, id)),
      );
      return row ? toInvestmentAccount(row) : undefined;
    },

    async findDefault(userId: number): Promise<InvestmentAccount | undefined> {
      const row = await database.first(
        db
          .select()
          .from(investmentAccounts)
          .where(
            and(eq(investmentAccounts.userId, userId), eq(investmentAccounts.isDefault, true)),
          ),
      );
      return row ? toInvestmentAccount(row) : undefined;
    },

    /** Adds an account after the others, unless the user already keeps `limit`. */
    async create(
      userId: number,
      fields: InvestmentAccountFields,
      options: { now: Date; limit: number },
    ): Promise<AccountWriteOutcome> {
      const { now, limit } = options;
      try {
        return await database.transaction(function* (tx): Work<AccountWriteOutcome> {
          yield* lockUser(tx, userId);
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
    },

    /** Changes an account's fields; `isDefault: true` moves the default to it. */
    async update(
      userId: number,
      id: number,
      changed: InvestmentAccountChanges,
    ): Promise<AccountWriteOutcome> {
      try {
        return await database.transaction(function* (tx): Work<AccountWriteOutcome> {
          yield* lockUser(tx, userId);
          const row = yield* first(tx.select().from(investmentAccounts).where(ofUser(userId, id)));
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
              .where(ofUser(userId, id))
              .returning(),
          );
          return { ok: true, account: toInvestmentAccount(updated) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: "name_taken" };
        throw error;
      }
    },

    /** What the account holds (the API refuses to delete one that holds anything unmoved). */
    async activity(userId: number, id: number): Promise<AccountActivity> {
      return database.transaction(
        function* (tx): Work<AccountActivity> {
          return yield* activityOf(tx, userId, id);
        },
        { readOnly: true },
      );
    },

    /**
     * Deletes an account of the user: refused while it holds positions or activity, unless
     * `moveTo` names another of the user's accounts, into which they move first (merged by
     * `rules`). A deleted default account hands the default to the account moved into, or the
     * first other account. One transaction, with the user's trades held off.
     */
    async delete(
      userId: number,
      id: number,
      options: { moveTo?: number; rules: MoveRules; now: Date },
    ): Promise<AccountDeleteOutcome> {
      return database.transaction(function* (tx): Work<AccountDeleteOutcome> {
        yield* lockUser(tx, userId);
        const row = yield* first(tx.select().from(investmentAccounts).where(ofUser(userId, id)));
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
          const moved = yield* moveRows(tx, userId, id, options.moveTo, options.rules, options.now);
          movedSymbols = moved.symbols;
          movedCash = moved.cash;
        } else {
          const held = yield* activityOf(tx, userId, id);
          if (held.positions + held.transactions + held.income + held.cash > 0) {
            return { ok: false, reason: "holds_activity" };
          }
        }
        yield* changes(tx.delete(investmentAccounts).where(ofUser(userId, id)));
        if (row.isDefault) {
          const heir = options.moveTo ?? others[0]!.id;
          yield* changes(
            tx.update(investmentAccounts).set({ isDefault: true }).where(ofUser(userId, heir)),
          );
        }
        return { ok: true, movedSymbols, movedCash };
      });
    },
  };
}

export type InvestmentAccountsRepository = ReturnType<typeof investmentAccountsRepository>;
