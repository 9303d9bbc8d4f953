import type { CashActivityKind, CashActivityType } from "@ledgerline/contracts";
import { fromStored, toStored, type Decimal } from "@ledgerline/money";
import { and, desc, eq, gte, inArray, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { Db, Tables } from "../database";
import { all, changes, first, type Database, type Work } from "../database";
import type { CashActivityRow } from "../schema";
import { accountFor, ownsAccount } from "./investment-accounts";
import { lockUser } from "./user-lock";
import { fromStoredSum, storedSum } from "./stored-sums";

/**
 * Cash activities of a user's investment accounts (issue 31): rows only. Which kinds add to the
 * cash and which take from it, and the balance they make with the trades, are the API's rules
 * (accounts/cash-balance.ts). A cash transfer is two rows written in one transaction, a
 * `transfer-out` of the one account and a `transfer-in` of the other, both with `transferId` =
 * the id of the `transfer-out` row; they are changed and deleted only together.
 */
export interface CashActivity {
  id: number;
  accountId: number;
  kind: CashActivityKind;
  /** Positive; the kind says the direction. */
  amount: Decimal;
  date: string;
  notes: string | null;
  transferId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CashActivityFields {
  /** Default: the user's default account. */
  accountId?: number;
  type: CashActivityType;
  amount: Decimal;
  date: string;
  notes: string | null;
}

/** A cash transfer between two different accounts of the user. */
export interface CashTransferFields {
  fromAccountId: number;
  toAccountId: number;
  amount: Decimal;
  date: string;
  notes: string | null;
}

export interface CashFilter {
  accountId?: number;
  /** Inclusive days (YYYY-MM-DD). */
  from?: string;
  to?: string;
}

export type CashWriteOutcome =
  | { ok: true; activity: CashActivity }
  | { ok: false; reason: "not_found" | "account_not_found" | "transfer" };

export interface CashTransferRows {
  out: CashActivity;
  in: CashActivity;
}

export type CashTransferOutcome =
  ({ ok: true } & CashTransferRows) | { ok: false; reason: "account_not_found" | "same_account" };

/** The sums an account's cash balance is made of, each an exact decimal. */
export interface CashSums {
  /** Per account and kind of cash activity. */
  activities: { accountId: number; kind: CashActivityKind; total: Decimal }[];
  /** Per account and side: the trades' totals (quantity x price) and their fees. */
  trades: { accountId: number; side: "BUY" | "SELL"; total: Decimal; fee: Decimal }[];
  /** Per account: the dividends received (live income entries). */
  income: { accountId: number; total: Decimal }[];
}

export function toCashActivity(row: CashActivityRow): CashActivity {
  return {
    id: row.id,
    accountId: row.accountId,
    kind: row.kind,
    amount: fromStored(row.amount),
    date: row.date,
    notes: row.notes,
    transferId: row.transferId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Writes a cash transfer's two rows in the caller's transaction (which should hold the user's
 * lock, as every repository write of the user's accounts does). For the transfers feature's own
 * transaction; `cash.createTransfer` is the same in one of its own.
 */
export function* writeCashTransfer(
  tx: Db,
  tables: Tables,
  userId: number,
  fields: CashTransferFields,
  now: Date,
): Work<CashTransferOutcome> {
  const { cashActivities, investmentAccounts } = tables;
  if (fields.fromAccountId === fields.toAccountId) return { ok: false, reason: "same_account" };
  for (const account of [fields.fromAccountId, fields.toAccountId]) {
    if (!(yield* ownsAccount(tx, investmentAccounts, userId, account))) {
      return { ok: false, reason: "account_not_found" };
    }
  }
  const common = {
    userId,
    amount: toStored(fields.amount),
    date: fields.date,
    notes: fields.notes,
    createdAt: now,
    updatedAt: now,
  };
  const [outRow] = yield* all(
    tx
      .insert(cashActivities)
      .values({ ...common, accountId: fields.fromAccountId, kind: "transfer-out" })
      .returning(),
  );
  const [linked] = yield* all(
    tx
      .update(cashActivities)
      .set({ transferId: outRow!.id })
      .where(eq(cashActivities.id, outRow!.id))
      .returning(),
  );
  const [inRow] = yield* all(
    tx
      .insert(cashActivities)
      .values({
        ...common,
        accountId: fields.toAccountId,
        kind: "transfer-in",
        transferId: outRow!.id,
      })
      .returning(),
  );
  return { ok: true, out: toCashActivity(linked!), in: toCashActivity(inRow!) };
}

/** Inserts cash activities already checked (an import's rows) in the caller's transaction. */
export function* insertCashActivities(
  tx: Db,
  tables: Tables,
  userId: number,
  rows: (CashActivityFields & { accountId: number })[],
  now: Date,
  /** The import job writing the rows, if one is (decision 0059). */
  importJobId: number | null = null,
): Work<number> {
  if (rows.length === 0) return 0;
  return yield* changes(
    tx.insert(tables.cashActivities).values(
      rows.map((row) => ({
        userId,
        accountId: row.accountId,
        kind: row.type,
        amount: toStored(row.amount),
        date: row.date,
        notes: row.notes,
        importJobId,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
}

const ofUser = ({ cashActivities }: Tables, userId: number, id: number) =>
  and(eq(cashActivities.userId, userId), eq(cashActivities.id, id));

/** One of the user's activities, read after taking the user's lock (as every write here does). */
function* lockedActivity(
  tx: Db,
  tables: Tables,
  userId: number,
  id: number,
): Work<CashActivityRow | undefined> {
  yield* lockUser(tx, tables, userId);
  return yield* first(
    tx
      .select()
      .from(tables.cashActivities)
      .where(ofUser(tables, userId, id)),
  );
}

/** The columns an activity's fields are written to, as of `now`. */
const storedFields = (fields: CashActivityFields, now: Date) => ({
  kind: fields.type,
  amount: toStored(fields.amount),
  date: fields.date,
  notes: fields.notes,
  updatedAt: now,
});

/** Adds a deposit, withdrawal, interest, fee or tax to one of the user's accounts. */
function createActivity(
  database: Database,
  userId: number,
  fields: CashActivityFields,
  now: Date,
): Promise<CashWriteOutcome> {
  const { tables } = database;
  return database.transaction(function* (tx): Work<CashWriteOutcome> {
    yield* lockUser(tx, tables, userId);
    const accountId = yield* accountFor(tx, tables.investmentAccounts, userId, fields.accountId);
    if (accountId === null) return { ok: false, reason: "account_not_found" };
    const [row] = yield* all(
      tx
        .insert(tables.cashActivities)
        .values({ userId, accountId, ...storedFields(fields, now), createdAt: now })
        .returning(),
    );
    return { ok: true, activity: toCashActivity(row!) };
  });
}

/** Changes an activity; a side of a transfer is refused (`transfer`). */
function updateActivity(
  database: Database,
  userId: number,
  id: number,
  fields: CashActivityFields,
  now: Date,
): Promise<CashWriteOutcome> {
  const { tables } = database;
  const { cashActivities } = tables;
  return database.transaction(function* (tx): Work<CashWriteOutcome> {
    const row = yield* lockedActivity(tx, tables, userId, id);
    if (!row) return { ok: false, reason: "not_found" };
    if (row.transferId !== null) return { ok: false, reason: "transfer" };
    const { investmentAccounts } = tables;
    const accountId = yield* accountFor(
      tx,
      investmentAccounts,
      userId,
      fields.accountId,
      row.accountId,
    );
    if (accountId === null) return { ok: false, reason: "account_not_found" };
    const [updated] = yield* all(
      tx
        .update(cashActivities)
        .set({ accountId, ...storedFields(fields, now) })
        .where(ofUser(tables, userId, id))
        .returning(),
    );
    return { ok: true, activity: toCashActivity(updated!) };
  });
}

/** Deletes an activity (both sides of a transfer); answers how many rows went (0: none). */
function deleteActivity(database: Database, userId: number, id: number): Promise<number> {
  const { tables } = database;
  const { cashActivities } = tables;
  return database.transaction(function* (tx): Work<number> {
    const row = yield* lockedActivity(tx, tables, userId, id);
    if (!row) return 0;
    return yield* changes(
      tx
        .delete(cashActivities)
        .where(
          row.transferId === null
            ? ofUser(tables, userId, id)
            : and(eq(cashActivities.userId, userId), eq(cashActivities.transferId, row.transferId)),
        ),
    );
  });
}

/** What the sums are of: the user's accounts (all, or these), up to a day or of all time. */
interface SumsScope {
  userId: number;
  accountIds: number[] | undefined;
  /** YYYY-MM-DD: the last day counted. */
  asOf: string | undefined;
}

const inAccounts = (scope: SumsScope, column: Parameters<typeof inArray>[0]) =>
  scope.accountIds === undefined ? [] : [inArray(column, scope.accountIds)];

/** The cash activities' totals per account and kind, dated up to `asOf`. */
function* activitySums(tx: Db, { dialect, tables }: Database, scope: SumsScope) {
  const { cashActivities } = tables;
  const rows = yield* all(
    tx
      .select({
        accountId: cashActivities.accountId,
        kind: cashActivities.kind,
        total: storedSum(dialect, cashActivities.amount),
      })
      .from(cashActivities)
      .where(
        and(
          eq(cashActivities.userId, scope.userId),
          ...inAccounts(scope, cashActivities.accountId),
          ...(scope.asOf === undefined ? [] : [lte(cashActivities.date, scope.asOf)]),
        ),
      )
      .groupBy(cashActivities.accountId, cashActivities.kind),
  );
  return rows.map((row) => ({
    accountId: row.accountId,
    kind: row.kind,
    total: fromStoredSum(dialect, row.total),
  }));
}

/** The buys' and sells' totals and fees per account, made before the day after `asOf`. */
function* tradeSums(tx: Db, { dialect, tables }: Database, scope: SumsScope) {
  const { transactions } = tables;
  const nextDay =
    scope.asOf === undefined
      ? undefined
      : new Date(Date.parse(`${scope.asOf}T00:00:00Z`) + 86_400_000);
  const rows = yield* all(
    tx
      .select({
        accountId: transactions.accountId,
        side: transactions.transactionType,
        total: storedSum(dialect, transactions.total),
        fee: storedSum(dialect, transactions.fee),
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, scope.userId),
          ...inAccounts(scope, transactions.accountId),
          or(eq(transactions.transactionType, "BUY"), eq(transactions.transactionType, "SELL")),
          ...(nextDay === undefined ? [] : [lt(transactions.transactionDate, nextDay)]),
        ),
      )
      .groupBy(transactions.accountId, transactions.transactionType),
  );
  return rows.map((row) => ({
    accountId: row.accountId,
    side: row.side === "SELL" ? ("SELL" as const) : ("BUY" as const),
    total: fromStoredSum(dialect, row.total),
    fee: fromStoredSum(dialect, row.fee),
  }));
}

/** The dividends' totals per account, paid up to `asOf`. */
function* incomeSums(tx: Db, { dialect, tables }: Database, scope: SumsScope) {
  const { incomeEntries } = tables;
  const rows = yield* all(
    tx
      .select({
        accountId: incomeEntries.accountId,
        total: storedSum(dialect, incomeEntries.total),
      })
      .from(incomeEntries)
      .where(
        and(
          eq(incomeEntries.userId, scope.userId),
          isNull(incomeEntries.deletedAt),
          ...inAccounts(scope, incomeEntries.accountId),
          ...(scope.asOf === undefined ? [] : [lte(incomeEntries.payDate, scope.asOf)]),
        ),
      )
      .groupBy(incomeEntries.accountId),
  );
  return rows.map((row) => ({
    accountId: row.accountId,
    total: fromStoredSum(dialect, row.total),
  }));
}

/** The user's activities the filter keeps: of one account, between two days, both included. */
function cashFilterWhere(
  cashActivities: Database["tables"]["cashActivities"],
  userId: number,
  filter: CashFilter,
) {
  const where: SQL[] = [eq(cashActivities.userId, userId)];
  if (filter.accountId !== undefined) where.push(eq(cashActivities.accountId, filter.accountId));
  if (filter.from !== undefined) where.push(gte(cashActivities.date, filter.from));
  if (filter.to !== undefined) where.push(lte(cashActivities.date, filter.to));
  return and(...where);
}

export function cashActivitiesRepository(database: Database) {
  const { db, tables } = database;
  const { cashActivities } = tables;

  return {
    /** The user's cash activities (of one account, between two days), newest first. */
    async list(userId: number, filter: CashFilter = {}): Promise<CashActivity[]> {
      const rows = await database.all(
        db
          .select()
          .from(cashActivities)
          .where(cashFilterWhere(cashActivities, userId, filter))
          .orderBy(desc(cashActivities.date), desc(cashActivities.id)),
      );
      return rows.map(toCashActivity);
    },

    async findById(userId: number, id: number): Promise<CashActivity | undefined> {
      const row = await database.first(
        db
          .select()
          .from(cashActivities)
          .where(ofUser(tables, userId, id)),
      );
      return row ? toCashActivity(row) : undefined;
    },

    /** Adds a deposit, withdrawal, interest, fee or tax to one of the user's accounts. */
    create: (userId: number, fields: CashActivityFields, now: Date) =>
      createActivity(database, userId, fields, now),

    /** Changes an activity; a side of a transfer is refused (`transfer`). */
    update: (userId: number, id: number, fields: CashActivityFields, now: Date) =>
      updateActivity(database, userId, id, fields, now),

    /** Deletes an activity (both sides of a transfer); answers how many rows went (0: none). */
    delete: (userId: number, id: number) => deleteActivity(database, userId, id),

    /** A cash transfer between two of the user's accounts: its two rows, in one transaction. */
    async createTransfer(
      userId: number,
      fields: CashTransferFields,
      now: Date,
    ): Promise<CashTransferOutcome> {
      return database.transaction(function* (tx): Work<CashTransferOutcome> {
        yield* lockUser(tx, tables, userId);
        return yield* writeCashTransfer(tx, tables, userId, fields, now);
      });
    },

    /**
     * The sums each account's cash balance is made of, in SQL (one aggregate per table), as of
     * the end of the day `asOf` (UTC, as trades' days are) or of all time: cash activities dated
     * up to it, buys and sells made before the next day, dividends paid up to it.
     */
    async sums(
      userId: number,
      options: { accountIds?: number[]; asOf?: string; cashTracked?: number[] } = {},
    ): Promise<CashSums> {
      const scope: SumsScope = { userId, accountIds: options.accountIds, asOf: options.asOf };
      // Trades and dividends move the cash of cash-tracked accounts alone: with `cashTracked`
      // given, their sums (an aggregate over every trade) are read for those accounts only.
      const tracked: SumsScope =
        options.cashTracked === undefined ? scope : { ...scope, accountIds: options.cashTracked };
      const untracked = tracked.accountIds?.length === 0;
      return database.transaction(
        function* (tx): Work<CashSums> {
          const activities = yield* activitySums(tx, database, scope);
          const trades = untracked ? [] : yield* tradeSums(tx, database, tracked);
          const income = untracked ? [] : yield* incomeSums(tx, database, tracked);
          return { activities, trades, income };
        },
        { readOnly: true },
      );
    },
  };
}

export type CashActivitiesRepository = ReturnType<typeof cashActivitiesRepository>;
