import {
  fromStored,
  multiply,
  round,
  STORED_FRACTION_DIGITS,
  sum,
  toStored,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, max, ne, sql } from "drizzle-orm";
import type { Db } from "../database";
import { all, changes, first, locked, pause, type Database, type Work } from "../database";
import { afterInHistory } from "./history-pages";
import type { IncomeEntryRow, TransactionRow } from "../schema";
import { defaultAccountId, ownsAccount } from "./investment-accounts";
import { markSnapshotsStale } from "./snapshots";

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

export interface SplitToApply {
  exDate: string;
  /** The first instant of the ex-date (New York midnight): trades before it are split. */
  at: Date;
  from: Decimal;
  to: Decimal;
}

export interface DividendToApply {
  exDate: string;
  /** Shares held before this instant (the ex-date's New York midnight) are paid. */
  at: Date;
  payDate: string;
  cashAmount: Decimal;
}

/** One account's holding of one stock, as a replay of its corporate actions reads and writes it. */
export interface ReplayTarget {
  userId: number;
  accountId: number;
  symbol: string;
  now: Date;
}

/**
 * A row of the stock's history as the replay reads it: a buy, a sell or a SPLIT row (the
 * holding after the split, the cost basis it carried in `total`, its words in `notes`).
 */
export interface ReplayRow {
  id: number;
  transactionDate: Date;
  transactionType: TransactionRow["transactionType"];
  quantity: Decimal;
  price: Decimal;
  fee: Decimal;
  /** A SPLIT row's; "0" for a trade. */
  total: Decimal;
  /** A SPLIT row's; null for a trade (a trade's notes are the user's and long). */
  notes: string | null;
}

/** A SPLIT row's figures (its `total` fits the stored precision). */
export interface SplitRowFigures {
  quantity: Decimal;
  price: Decimal;
  total: Decimal;
  notes: string;
}

/** A change to the SPLIT rows of the stock: each counts as a split written but `notes`. */
export type SplitRowWrite =
  | { kind: "insert"; split: SplitToApply; figures: SplitRowFigures }
  | { kind: "update"; split: SplitToApply; id: number; figures: SplitRowFigures }
  | { kind: "notes"; split: SplitToApply; id: number; notes: string }
  | { kind: "delete"; split: SplitToApply; id: number };

/** What a replay of the stock's corporate actions writes (accounting/corporate-action-replay.ts). */
export interface CorporateActionWrites {
  splits: SplitRowWrite[];
  /** The position as the replay ends, when a split touched it and shares are held. */
  position: Holding | null;
  /** A dividend paid on the shares held at its ex-date; written once, never over an edit. */
  income: Omit<IncomeFields, "accountId" | "symbol" | "total">[];
}

export interface ApplyCorporateActionsOutcome {
  /** SPLIT rows written or corrected. */
  splitsWritten: number;
  incomeAdded: number;
  /** The trades cannot be replayed in date order (a sell above what was held then). */
  inconsistent: boolean;
}

export interface IncomeEntry {
  id: number;
  accountId: number;
  type: "DIVIDEND";
  symbol: string;
  exDate: string;
  payDate: string;
  quantity: Decimal;
  amountPerShare: Decimal;
  total: Decimal;
  manual: boolean;
}

/** A dividend as money the user received: its symbol, pay date and amount. */
export interface PaidIncome {
  symbol: string;
  payDate: string;
  total: Decimal;
}

export interface IncomeFields {
  /** The account the dividend was paid into (default: the user's default account). */
  accountId?: number;
  symbol: string;
  exDate: string;
  payDate: string;
  quantity: Decimal;
  amountPerShare: Decimal;
  /** Defaults to quantity × amount per share. */
  total?: Decimal;
}

export type IncomeWriteOutcome =
  | { ok: true; entry: IncomeEntry }
  | { ok: false; reason: "not_found" | "duplicate" | "account_not_found" };

function toIncomeEntry(row: IncomeEntryRow): IncomeEntry {
  return {
    id: row.id,
    accountId: row.accountId,
    type: row.type,
    symbol: row.symbol,
    exDate: row.exDate,
    payDate: row.payDate,
    quantity: fromStored(row.quantity),
    amountPerShare: fromStored(row.amountPerShare),
    total: fromStored(row.total),
    manual: row.manual,
  };
}

/** Fits the stored precision; a product of two long decimals may not. */
const storable = (value: Decimal) => toStored(round(value, STORED_FRACTION_DIGITS));

/** Rows read per page, with a pause between pages: a page of 5,000 held the event loop 50-130 ms
 * on a loaded machine (issue 29; see TRANSACTIONS_PAGE in portfolio.ts). */
const REPLAY_PAGE = 1000;

/** An income entry's stored columns (also written by a file import, repositories/portfolio.ts). */
export function incomeValues(fields: IncomeFields & { accountId: number }) {
  return {
    accountId: fields.accountId,
    symbol: fields.symbol,
    exDate: fields.exDate,
    payDate: fields.payDate,
    quantity: toStored(fields.quantity),
    amountPerShare: toStored(fields.amountPerShare),
    total: storable(fields.total ?? multiply(fields.quantity, fields.amountPerShare)),
  };
}

export function corporateActionsRepository(database: Database) {
  const { db } = database;
  const { incomeEntries, investmentAccounts, positions, transactions, users } = database.tables;

  /** The user's entries that are not deleted. */
  const liveIncome = (userId: number) => [
    eq(incomeEntries.userId, userId),
    isNull(incomeEntries.deletedAt),
  ];

  /** The user's entry for one dividend: an account, symbol and ex-date hold one entry, live or deleted. */
  const dividendEntry = (
    userId: number,
    { accountId, symbol, exDate }: { accountId: number; symbol: string; exDate: string },
  ) => [
    eq(incomeEntries.userId, userId),
    eq(incomeEntries.accountId, accountId),
    eq(incomeEntries.type, "DIVIDEND"),
    eq(incomeEntries.symbol, symbol),
    eq(incomeEntries.exDate, exDate),
  ];

  function* findIncome(tx: Db, userId: number, id: number): Work<IncomeEntryRow | undefined> {
    return yield* locked(
      tx
        .select()
        .from(incomeEntries)
        .where(and(eq(incomeEntries.id, id), ...liveIncome(userId))),
    );
  }

  /** The rows of one stock in one account of the user. */
  const ofSymbol = ({ userId, accountId, symbol }: ReplayTarget) => [
    eq(transactions.userId, userId),
    eq(transactions.accountId, accountId),
    eq(transactions.type, "STOCK"),
    eq(transactions.symbol, symbol),
  ];

  /** The symbol's rows the replay reads, in (date, id) order: after `last`, up to `limit`. */
  const replayedRows = (tx: Db, target: ReplayTarget, last?: ReplayRow, limit?: number) => {
    const query = tx
      .select({
        id: transactions.id,
        transactionDate: transactions.transactionDate,
        transactionType: transactions.transactionType,
        quantity: transactions.quantity,
        price: transactions.price,
        fee: transactions.fee,
        // A trade's notes are the user's and long; only a split's are compared.
        total: sql<
          string | null
        >`case when ${transactions.transactionType} = 'SPLIT' then ${transactions.total} end`,
        notes: sql<
          string | null
        >`case when ${transactions.transactionType} = 'SPLIT' then ${transactions.notes} end`,
      })
      .from(transactions)
      .where(and(...ofSymbol(target), afterInHistory(transactions, last, "asc")))
      .orderBy(asc(transactions.transactionDate), asc(transactions.id));
    return limit ? query.limit(limit) : query;
  };

  type StoredReplayRow = Awaited<ReturnType<ReturnType<typeof replayedRows>["all"]>>[number];
  const toReplayRow = (row: StoredReplayRow): ReplayRow => ({
    id: row.id,
    transactionDate: row.transactionDate,
    transactionType: row.transactionType,
    quantity: fromStored(row.quantity),
    price: fromStored(row.price),
    fee: fromStored(row.fee),
    total: row.total === null ? "0" : fromStored(row.total),
    notes: row.notes,
  });

  /** Every row the replay reads; `paged`, a page at a time with pauses between. */
  function* readRows(tx: Db, target: ReplayTarget, paged: boolean): Work<ReplayRow[]> {
    if (!paged) return (yield* all(replayedRows(tx, target))).map(toReplayRow);
    const rows: ReplayRow[] = [];
    for (;;) {
      const page = yield* all(replayedRows(tx, target, rows.at(-1), REPLAY_PAGE));
      for (const row of page) rows.push(toReplayRow(row));
      if (page.length < REPLAY_PAGE) return rows;
      yield* pause();
    }
  }

  /**
   * What the rows of the symbol are now: a trade added, or a split row written or removed
   * since they were read, changes it (trades are never edited in place).
   */
  function* rowsVersion(tx: Db, target: ReplayTarget): Work<string> {
    const row = yield* first(
      tx
        .select({ rows: count(), last: max(transactions.id) })
        .from(transactions)
        .where(and(...ofSymbol(target))),
    );
    return `${Number(row?.rows ?? 0)}:${Number(row?.last ?? 0)}`;
  }
  const versionOf = (rows: readonly ReplayRow[]) =>
    `${rows.length}:${rows.reduce((last, row) => Math.max(last, row.id), 0)}`;

  /** The user's trades wait for a transaction that holds this, and it for them. */
  const lockUser = (tx: Db, userId: number) =>
    locked(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));

  /** One SPLIT row's change; whether it counts as a split written. */
  function* writeSplitRow(tx: Db, target: ReplayTarget, write: SplitRowWrite): Work<boolean> {
    const { userId, accountId, symbol, now } = target;
    if (write.kind === "notes") {
      yield* changes(
        tx.update(transactions).set({ notes: write.notes }).where(eq(transactions.id, write.id)),
      );
      return false;
    }
    yield* markSnapshotsStale(userId, write.split.at, { assetType: "STOCK", symbol });
    if (write.kind === "delete") {
      yield* changes(tx.delete(transactions).where(eq(transactions.id, write.id)));
      return true;
    }
    const values = {
      quantity: toStored(write.figures.quantity),
      price: toStored(write.figures.price),
      total: toStored(write.figures.total),
      notes: write.figures.notes,
    };
    if (write.kind === "update") {
      yield* changes(tx.update(transactions).set(values).where(eq(transactions.id, write.id)));
      return true;
    }
    yield* changes(
      tx
        .insert(transactions)
        .values({
          userId,
          accountId,
          transactionDate: write.split.at,
          type: "STOCK",
          symbol,
          transactionType: "SPLIT",
          ...values,
          createdAt: now,
        })
        .onConflictDoNothing(),
    );
    return true;
  }

  /** Writes what a replay found: the split rows, the position a split touched, dividends. */
  function* writeReplayed(
    tx: Db,
    target: ReplayTarget,
    writes: CorporateActionWrites,
  ): Work<ApplyCorporateActionsOutcome> {
    const { userId, accountId, symbol, now } = target;
    let splitsWritten = 0;
    for (const write of writes.splits) {
      if (yield* writeSplitRow(tx, target, write)) splitsWritten += 1;
    }
    if (writes.position) {
      const final = writes.position;
      const position = yield* locked(
        tx
          .select()
          .from(positions)
          .where(
            and(
              eq(positions.userId, userId),
              eq(positions.accountId, accountId),
              eq(positions.assetType, "STOCK"),
              eq(positions.symbol, symbol),
            ),
          ),
      );
      if (
        position &&
        (fromStored(position.quantity) !== final.quantity ||
          fromStored(position.averagePrice) !== final.averagePrice)
      ) {
        yield* changes(
          tx
            .update(positions)
            .set({
              quantity: toStored(final.quantity),
              averagePrice: toStored(final.averagePrice),
              updatedAt: now,
            })
            .where(eq(positions.id, position.id)),
        );
      }
    }
    let incomeAdded = 0;
    for (const paid of writes.income) {
      incomeAdded += yield* changes(
        tx
          .insert(incomeEntries)
          .values({
            userId,
            type: "DIVIDEND",
            ...incomeValues({ ...paid, accountId, symbol }),
            manual: false,
            deletedAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing(),
      );
    }
    return { splitsWritten, incomeAdded, inconsistent: false };
  }

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

    /**
     * The stock's rows in one account (SPLIT rows included), in date and id order, and the
     * version they are at: read from one snapshot 1,000 rows a page with turns of the event loop
     * between (200,000 rows after an import), holding off no writer.
     */
    async replayRows(target: ReplayTarget): Promise<{ rows: ReplayRow[]; version: string }> {
      return database.transaction(
        function* (tx): Work<{ rows: ReplayRow[]; version: string }> {
          const rows = yield* readRows(tx, target, true);
          return { rows, version: versionOf(rows) };
        },
        { readOnly: true, pauses: true },
      );
    },

    /**
     * Writes a replay's changes in a short transaction, if the rows are still at `version`
     * (nothing added or written since they were read); null if not.
     */
    async writeReplay(
      target: ReplayTarget,
      version: string,
      writes: CorporateActionWrites,
    ): Promise<ApplyCorporateActionsOutcome | null> {
      return database.transaction(function* (tx): Work<ApplyCorporateActionsOutcome | null> {
        yield* lockUser(tx, target.userId);
        if ((yield* rowsVersion(tx, target)) !== version) return null;
        return yield* writeReplayed(tx, target, writes);
      });
    },

    /**
     * Reads the rows, replays them (`replay`: what to write, or null when the trades cannot be
     * replayed) and writes the changes in one transaction, which the user's trades wait for.
     */
    async replayLocked(
      target: ReplayTarget,
      replay: (rows: readonly ReplayRow[]) => CorporateActionWrites | null,
    ): Promise<ApplyCorporateActionsOutcome> {
      return database.transaction(function* (tx): Work<ApplyCorporateActionsOutcome> {
        yield* lockUser(tx, target.userId);
        const writes = replay(yield* readRows(tx, target, false));
        return writes
          ? yield* writeReplayed(tx, target, writes)
          : { splitsWritten: 0, incomeAdded: 0, inconsistent: true };
      });
    },

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
              ...liveIncome(userId),
              ...(accountId === undefined ? [] : [eq(incomeEntries.accountId, accountId)]),
            ),
          )
          .orderBy(desc(incomeEntries.payDate), asc(incomeEntries.symbol), desc(incomeEntries.id)),
      );
      return rows.map(toIncomeEntry);
    },

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
              ...liveIncome(userId),
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
              ...liveIncome(userId),
              ...(accountId === undefined ? [] : [eq(incomeEntries.accountId, accountId)]),
              gt(incomeEntries.payDate, period.from),
              lte(incomeEntries.payDate, period.to),
            ),
          )
          .orderBy(asc(incomeEntries.payDate), asc(incomeEntries.symbol), asc(incomeEntries.id)),
      );
      return rows.map((row) => ({ ...row, total: fromStored(row.total) }));
    },

    /**
     * An entry typed by hand. One entry per dividend: an existing one is edited instead; one the
     * user deleted comes back with these figures.
     */
    async createIncome(
      userId: number,
      fields: IncomeFields,
      now: Date,
    ): Promise<IncomeWriteOutcome> {
      return database.transaction(function* (tx): Work<IncomeWriteOutcome> {
        if (
          fields.accountId !== undefined &&
          !(yield* ownsAccount(tx, investmentAccounts, userId, fields.accountId))
        ) {
          return { ok: false, reason: "account_not_found" };
        }
        const accountId =
          fields.accountId ?? (yield* defaultAccountId(tx, investmentAccounts, userId));
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
                ...dividendEntry(userId, { ...fields, accountId }),
                isNotNull(incomeEntries.deletedAt),
              ),
            )
            .returning(),
        );
        return revived[0]
          ? { ok: true, entry: toIncomeEntry(revived[0]) }
          : { ok: false, reason: "duplicate" };
      });
    },

    async updateIncome(
      userId: number,
      id: number,
      fields: IncomeFields,
      now: Date,
    ): Promise<IncomeWriteOutcome> {
      return database.transaction(function* (tx): Work<IncomeWriteOutcome> {
        const entry = yield* findIncome(tx, userId, id);
        if (!entry) return { ok: false, reason: "not_found" };
        if (
          fields.accountId !== undefined &&
          !(yield* ownsAccount(tx, investmentAccounts, userId, fields.accountId))
        ) {
          return { ok: false, reason: "account_not_found" };
        }
        const accountId = fields.accountId ?? entry.accountId;
        // Moved onto another dividend's symbol and ex-date: a live entry there is a duplicate; a
        // deleted one gives way.
        const other = yield* first(
          tx
            .select()
            .from(incomeEntries)
            .where(
              and(...dividendEntry(userId, { ...fields, accountId }), ne(incomeEntries.id, id)),
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
    },

    /** Deleted entries stay as tombstones, so a later sync does not write them again. */
    async deleteIncome(userId: number, id: number, now: Date): Promise<boolean> {
      return database.transaction(function* (tx): Work<boolean> {
        if (!(yield* findIncome(tx, userId, id))) return false;
        yield* changes(
          tx
            .update(incomeEntries)
            .set({ deletedAt: now, updatedAt: now })
            .where(eq(incomeEntries.id, id)),
        );
        return true;
      });
    },
  };
}

export type CorporateActionsRepository = ReturnType<typeof corporateActionsRepository>;
