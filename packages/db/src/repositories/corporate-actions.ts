import {
  add,
  applyBuy,
  applySell,
  applySplit,
  costBasis,
  fromStored,
  isZero,
  multiply,
  round,
  STORED_FRACTION_DIGITS,
  subtract,
  sum,
  toStored,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import { formatSplitChange } from "@ledgerline/money/format";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, max, ne, sql } from "drizzle-orm";
import type { Db } from "../database";
import { all, changes, first, locked, pause, type Database, type Work } from "../database";
import { afterInHistory } from "./history-pages";
import type { IncomeEntryRow, TransactionRow } from "../schema";
import { defaultAccountId, ownsAccount } from "./investment-accounts";
import { markSnapshotsStale } from "./snapshots";

/**
 * Corporate actions applied to one user's holdings of one stock (issue 15).
 *
 * Splits: the user's trades of the symbol are replayed in date order with the splits between
 * them, so a split multiplies exactly what was held at its ex-date, and a trade entered later
 * with an earlier date is split the same way. Each split that found shares is one SPLIT row in
 * the history (unique per user, symbol and instant), holding the quantity and average price
 * after it and the cost basis it carried, and in its notes what it did in words ("4-for-1 split,
 * +60 shares", the one formatting module's); the position ends as the replay does. Running it again
 * changes nothing, so it is safe on every read, trade and background sync.
 *
 * Dividends: one income entry per dividend paid on shares held at its ex-date, written once
 * (unique per user, symbol and ex-date); a user's edit or deletion is never overwritten.
 */

/** Quantities carry 8 decimals (contracts AMOUNT_DECIMALS): a split's result is rounded there. */
const QUANTITY_DECIMALS = 8;

const quantityOf = (holding: Holding | null): Decimal => holding?.quantity ?? "0";

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

export interface ApplyCorporateActionsRequest {
  userId: number;
  symbol: string;
  /** Only this account's holding of the symbol; default: every account that traded it. */
  accountId?: number;
  splits: readonly SplitToApply[];
  /** Only the ones already paid. */
  dividends: readonly DividendToApply[];
  now: Date;
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

type SplitRowValues = Pick<TransactionRow, "quantity" | "price" | "total"> & { notes: string };
/** A transaction as the replay of a symbol's corporate actions reads it (notes of splits only). */
type ReplayedRow = Pick<TransactionRow, "quantity" | "price" | "total" | "fee" | "notes"> &
  Pick<TransactionRow, "id" | "transactionDate" | "transactionType">;

/** What a replay found to write (see `replay`). */
interface ReplayPlan {
  /** The SPLIT rows there are, by instant. */
  splitRows: Map<number, ReplayedRow>;
  splitWrites: { split: SplitToApply; values: SplitRowValues | null }[];
  paid: { dividend: DividendToApply; quantity: Decimal }[];
  holding: Holding | null;
  splitFound: boolean;
}

/**
 * Rows read per page, and trades replayed between two pauses: a page of 5,000 held the event
 * loop 50-130 ms on a loaded machine (issue 29; see TRANSACTIONS_PAGE in portfolio.ts).
 */
const REPLAY_PAGE = 1000;
const REPLAY_SLICE = 1000;
/** Tries of the read-then-write replay before it runs in one transaction. */
const REPLAY_ATTEMPTS = 3;

function splitRowValues(
  split: SplitToApply,
  before: Holding,
  after: Holding,
  carried: Decimal,
): SplitRowValues {
  return {
    quantity: toStored(after.quantity),
    price: toStored(after.averagePrice),
    total: storable(carried),
    notes: formatSplitChange(split.from, split.to, subtract(after.quantity, before.quantity)),
  };
}

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
  const ofSymbol = (userId: number, accountId: number, symbol: string) => [
    eq(transactions.userId, userId),
    eq(transactions.accountId, accountId),
    eq(transactions.type, "STOCK"),
    eq(transactions.symbol, symbol),
  ];

  /** The symbol's rows the replay reads, in (date, id) order: after `last`, up to `limit`. */
  const replayedRows = (
    tx: Db,
    userId: number,
    accountId: number,
    symbol: string,
    last?: ReplayedRow,
    limit?: number,
  ) => {
    const query = tx
      .select({
        id: transactions.id,
        transactionDate: transactions.transactionDate,
        transactionType: transactions.transactionType,
        quantity: transactions.quantity,
        price: transactions.price,
        total: transactions.total,
        fee: transactions.fee,
        // A trade's notes are the user's and long; only a split's are compared here.
        notes: sql<
          string | null
        >`case when ${transactions.transactionType} = 'SPLIT' then ${transactions.notes} end`,
      })
      .from(transactions)
      .where(and(...ofSymbol(userId, accountId, symbol), afterInHistory(transactions, last, "asc")))
      .orderBy(asc(transactions.transactionDate), asc(transactions.id));
    return limit ? query.limit(limit) : query;
  };

  /** Every row the replay reads; `paged`, a page at a time with pauses between. */
  function* readRows(
    tx: Db,
    userId: number,
    accountId: number,
    symbol: string,
    paged: boolean,
  ): Work<ReplayedRow[]> {
    if (!paged) return yield* all(replayedRows(tx, userId, accountId, symbol));
    const rows: ReplayedRow[] = [];
    for (;;) {
      const page = yield* all(
        replayedRows(tx, userId, accountId, symbol, rows.at(-1), REPLAY_PAGE),
      );
      for (const row of page) rows.push(row);
      if (page.length < REPLAY_PAGE) return rows;
      yield* pause();
    }
  }

  /**
   * What the rows of the symbol are now: a trade added, or a split row written or removed
   * since they were read, changes it (trades are never edited in place).
   */
  function* rowsVersion(tx: Db, userId: number, accountId: number, symbol: string): Work<string> {
    const row = yield* first(
      tx
        .select({ rows: count(), last: max(transactions.id) })
        .from(transactions)
        .where(and(...ofSymbol(userId, accountId, symbol))),
    );
    return `${Number(row?.rows ?? 0)}:${Number(row?.last ?? 0)}`;
  }
  const versionOf = (rows: readonly ReplayedRow[]) =>
    `${rows.length}:${rows.reduce((last, row) => Math.max(last, row.id), 0)}`;

  /**
   * The replay of the symbol's trades with its splits and dividends: what to write, or null
   * when the trades cannot be replayed in date order (a sell above what was held then). Pauses
   * every REPLAY_SLICE trades (in a pausing transaction).
   */
  function* replay(
    rows: readonly ReplayedRow[],
    splits: readonly SplitToApply[],
    dividends: readonly DividendToApply[],
  ): Work<ReplayPlan | null> {
    const splitRows = new Map<number, ReplayedRow>();
    const trades: ReplayedRow[] = [];
    for (const row of rows) {
      if (row.transactionType === "SPLIT") splitRows.set(row.transactionDate.getTime(), row);
      else trades.push(row);
    }

    let holding: Holding | null = null;
    let splitFound = false;
    const splitWrites: { split: SplitToApply; values: SplitRowValues | null }[] = [];
    const paid: { dividend: DividendToApply; quantity: Decimal }[] = [];
    let nextSplit = 0;
    let nextDividend = 0;
    // Corporate actions at an instant come before the trades at it; a split before a dividend.
    const catchUp = (until: number) => {
      for (;;) {
        const split = splits[nextSplit];
        const dividend = dividends[nextDividend];
        if (!split && !dividend) return;
        const splitAt = split?.at.getTime() ?? Infinity;
        const dividendAt = dividend?.at.getTime() ?? Infinity;
        if (Math.min(splitAt, dividendAt) > until) return;
        if (split && splitAt <= dividendAt) {
          nextSplit += 1;
          if (holding && !isZero(holding.quantity)) {
            const before: Holding = holding;
            const carried = costBasis(before);
            holding = applySplit(before, split.from, split.to, QUANTITY_DECIMALS);
            splitFound = true;
            splitWrites.push({
              split,
              values: splitRowValues(split, before, holding, carried),
            });
          } else {
            splitWrites.push({ split, values: null });
          }
        } else if (dividend) {
          nextDividend += 1;
          if (holding && !isZero(holding.quantity)) {
            paid.push({ dividend, quantity: holding.quantity });
          }
        }
      }
    };
    // Without a split, only the quantity held matters (the dividends are paid on it, a
    // sell is checked against it): the average price, a division per buy, is left out,
    // which after an import of 100,000 trades was a second of this replay.
    const quantityOnly = splits.length === 0;
    for (const [index, trade] of trades.entries()) {
      if (index > 0 && index % REPLAY_SLICE === 0) yield* pause();
      catchUp(trade.transactionDate.getTime());
      const quantity = fromStored(trade.quantity);
      if (trade.transactionType === "BUY") {
        holding = quantityOnly
          ? { quantity: add(quantityOf(holding), quantity), averagePrice: "0" }
          : applyBuy(holding, quantity, fromStored(trade.price), fromStored(trade.fee));
      } else {
        const sold = applySell(holding ?? { quantity: "0", averagePrice: "0" }, quantity);
        if (!sold.ok) return null;
        holding = sold.holding;
      }
    }
    catchUp(Infinity);

    return { splitRows, splitWrites, paid, holding, splitFound };
  }

  /** Writes what the replay found: the split rows, the position a split touched, dividends. */
  function* writePlan(
    tx: Db,
    { userId, accountId, symbol, now }: ApplyCorporateActionsRequest & { accountId: number },
    { splitRows, splitWrites, paid, holding, splitFound }: ReplayPlan,
  ): Work<ApplyCorporateActionsOutcome> {
    let splitsWritten = 0;
    for (const { split, values } of splitWrites) {
      const existing = splitRows.get(split.at.getTime());
      if (!values) {
        if (existing) {
          yield* changes(tx.delete(transactions).where(eq(transactions.id, existing.id)));
          yield* markSnapshotsStale(userId, split.at, { assetType: "STOCK", symbol });
          splitsWritten += 1;
        }
        continue;
      }
      // Compared as decimals: PostgreSQL's numeric reads back in its own text form.
      const same = (a: string, b: string) => fromStored(a) === fromStored(b);
      if (
        existing &&
        same(existing.quantity, values.quantity) &&
        same(existing.price, values.price) &&
        same(existing.total, values.total)
      ) {
        // Only the words differ (a row written before they read "4-for-1 split, +60 shares").
        if (existing.notes !== values.notes) {
          yield* changes(
            tx
              .update(transactions)
              .set({ notes: values.notes })
              .where(eq(transactions.id, existing.id)),
          );
        }
        continue;
      }
      yield* markSnapshotsStale(userId, split.at, { assetType: "STOCK", symbol });
      splitsWritten += 1;
      if (existing) {
        yield* changes(tx.update(transactions).set(values).where(eq(transactions.id, existing.id)));
      } else {
        yield* changes(
          tx
            .insert(transactions)
            .values({
              userId,
              accountId,
              transactionDate: split.at,
              type: "STOCK",
              symbol,
              transactionType: "SPLIT",
              ...values,
              createdAt: now,
            })
            .onConflictDoNothing(),
        );
      }
    }

    // The position is what the replay ends with, once a split has touched it.
    if (splitFound && holding) {
      const final: Holding = holding;
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
      const stored = {
        quantity: toStored(final.quantity),
        averagePrice: toStored(final.averagePrice),
      };
      if (
        position &&
        !isZero(final.quantity) &&
        (fromStored(position.quantity) !== final.quantity ||
          fromStored(position.averagePrice) !== final.averagePrice)
      ) {
        yield* changes(
          tx
            .update(positions)
            .set({ ...stored, updatedAt: now })
            .where(eq(positions.id, position.id)),
        );
      }
    }

    let incomeAdded = 0;
    for (const { dividend, quantity } of paid) {
      incomeAdded += yield* changes(
        tx
          .insert(incomeEntries)
          .values({
            userId,
            type: "DIVIDEND",
            ...incomeValues({
              accountId,
              symbol,
              exDate: dividend.exDate,
              payDate: dividend.payDate,
              quantity,
              amountPerShare: dividend.cashAmount,
            }),
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

  /** The replay of one account's holding of the symbol (see `apply`). */
  async function applyToAccount(
    request: ApplyCorporateActionsRequest & { accountId: number },
  ): Promise<ApplyCorporateActionsOutcome> {
    const { userId, accountId, symbol } = request;
    const splits = [...request.splits].sort((a, b) => a.at.getTime() - b.at.getTime());
    const dividends = [...request.dividends].sort((a, b) => a.at.getTime() - b.at.getTime());
    const inconsistent = { splitsWritten: 0, incomeAdded: 0, inconsistent: true };
    const lockUser = (tx: Db) =>
      locked(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
    // After an import the symbol has 200,000 trades: read and replayed in one transaction,
    // they held the event loop 0.7 s. They are read from one snapshot in pages and replayed
    // with turns between (holding off no writer), then written in a short transaction that
    // first checks nothing was added or written since; if something was, it starts again.
    for (let attempt = 0; attempt < REPLAY_ATTEMPTS; attempt++) {
      const read = await database.transaction(
        function* (tx): Work<{ version: string; plan: ReplayPlan | null }> {
          const rows = yield* readRows(tx, userId, accountId, symbol, true);
          return { version: versionOf(rows), plan: yield* replay(rows, splits, dividends) };
        },
        { readOnly: true, pauses: true },
      );
      const plan = read.plan;
      if (!plan) return inconsistent;
      const outcome = await database.transaction(
        function* (tx): Work<ApplyCorporateActionsOutcome | null> {
          // The user's trades wait for this, and this for them.
          yield* lockUser(tx);
          if ((yield* rowsVersion(tx, userId, accountId, symbol)) !== read.version) return null;
          return yield* writePlan(tx, request, plan);
        },
      );
      if (outcome) return outcome;
    }
    // Trades keep arriving: read, replay and write in one transaction, which they wait for.
    return database.transaction(function* (tx): Work<ApplyCorporateActionsOutcome> {
      yield* lockUser(tx);
      const plan = yield* replay(
        yield* readRows(tx, userId, accountId, symbol, false),
        splits,
        dividends,
      );
      return plan ? yield* writePlan(tx, request, plan) : inconsistent;
    });
  }

  return {
    /**
     * Applies the symbol's splits and dividends to the user's holding of it in each account that
     * traded it (or only `accountId`'s): each account's trades are replayed on their own, as
     * positions are held per account.
     */
    async apply(request: ApplyCorporateActionsRequest): Promise<ApplyCorporateActionsOutcome> {
      const accounts =
        request.accountId === undefined
          ? (
              await database.all(
                db
                  .selectDistinct({ accountId: transactions.accountId })
                  .from(transactions)
                  .where(
                    and(
                      eq(transactions.userId, request.userId),
                      eq(transactions.type, "STOCK"),
                      eq(transactions.symbol, request.symbol),
                    ),
                  ),
              )
            ).map((row) => row.accountId)
          : [request.accountId];
      const total: ApplyCorporateActionsOutcome = {
        splitsWritten: 0,
        incomeAdded: 0,
        inconsistent: false,
      };
      for (const accountId of accounts.sort((a, b) => a - b)) {
        const outcome = await applyToAccount({ ...request, accountId });
        total.splitsWritten += outcome.splitsWritten;
        total.incomeAdded += outcome.incomeAdded;
        total.inconsistent ||= outcome.inconsistent;
      }
      return total;
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
