import {
  applyBuy,
  applySell,
  fromStored,
  isZero,
  multiply,
  toStored,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import type { CashActivityType } from "@ledgerline/contracts";
import { and, asc, countDistinct, desc, eq, gte, max, sql, type SQL } from "drizzle-orm";
import type { Db } from "../database";
import { all, changes, first, locked, pause, raw, type Database, type Work } from "../database";
import type { AssetType, PositionRow, TransactionRow, TransactionType } from "../schema";
import { insertCashActivities } from "./cash-activities";
import { incomeValues, type IncomeFields } from "./corporate-actions";
import { defaultAccountId, ownsAccount } from "./investment-accounts";
import { afterInHistory } from "./history-pages";
import { markSnapshotsStale } from "./snapshots";

/**
 * Transactions read per query by `transactions`, between two turns of the event loop: a page of
 * 5,000 held the loop 50-130 ms on a loaded machine (its rows read, copied from the connection's
 * thread and mapped in one go), 40 times over for a history of 200,000 (issue 29).
 */
const TRANSACTIONS_PAGE = 1000;

/** A position as the domain sees it: decimals in canonical form. */
export interface Position {
  id: number;
  /** The investment account holding it. */
  accountId: number;
  assetType: AssetType;
  symbol: string;
  quantity: Decimal;
  averagePrice: Decimal;
  openedAt: Date;
  updatedAt: Date;
}

export interface Transaction {
  id: number;
  accountId: number;
  transactionDate: Date;
  type: AssetType;
  symbol: string;
  transactionType: TransactionType;
  quantity: Decimal;
  price: Decimal;
  total: Decimal;
  /** The trade's fee (0 when none): in a buy's cost, out of a sell's proceeds. */
  fee: Decimal;
  notes: string | null;
}

export function toPosition(row: PositionRow): Position {
  return {
    id: row.id,
    accountId: row.accountId,
    assetType: row.assetType,
    symbol: row.symbol,
    quantity: fromStored(row.quantity),
    averagePrice: fromStored(row.averagePrice),
    openedAt: row.openedAt,
    updatedAt: row.updatedAt,
  };
}

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    accountId: row.accountId,
    transactionDate: row.transactionDate,
    type: row.type,
    symbol: row.symbol,
    transactionType: row.transactionType,
    quantity: fromStored(row.quantity),
    price: fromStored(row.price),
    total: fromStored(row.total),
    fee: fromStored(row.fee),
    notes: row.notes,
  };
}

/** One lot a sell names and how much of it (decimal text). */
export interface LotSelectionRow {
  lotId: string;
  quantity: Decimal;
}

/** A trade as the tax lot replay reads it: every buy, sell and split row, oldest first. */
export interface LotTradeRow {
  id: number;
  accountId: number;
  transactionDate: Date;
  type: AssetType;
  symbol: string;
  transactionType: TransactionType;
  quantity: Decimal;
  price: Decimal;
  fee: Decimal;
  /** A transfer's cost basis that moved; the other rows' totals are not read. */
  total: Decimal;
  /** The other row of a transfer between accounts (TRANSFER_OUT / TRANSFER_IN), else null. */
  pairedId: number | null;
  lotSelections: LotSelectionRow[] | null;
}

function readSelections(text: string | null): LotSelectionRow[] | null {
  if (!text) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as LotSelectionRow[]) : null;
}

export interface TradeRequest {
  userId: number;
  /**
   * The user's investment account the trade is made in. Default: a buy by symbol goes into the
   * user's default account; a sell or a buy by position id into the position's (when given, the
   * position must be in this account).
   */
  accountId?: number;
  assetType: AssetType;
  quantity: Decimal;
  price: Decimal;
  /** The trade's fee; none is 0. */
  fee?: Decimal;
  transactionDate: Date;
  notes: string | null;
  now: Date;
  /** A sell's named lots (issue 32), kept with the trade so a replay sells the same ones. */
  lotSelections?: readonly LotSelectionRow[] | null;
  /**
   * The idempotency key of the request, if it sent one. A trade already made under this key
   * since `since` is answered again instead of trading twice (a retry whose first attempt
   * committed but was never answered).
   */
  requestKey?: { key: string; since: Date };
}

export type BuyRequest = TradeRequest & {
  symbol: string;
  /**
   * Optimistic concurrency: the quantity the caller believes is held before this buy (the
   * spec's PUT sends it). When given and different from what is held, nothing is written.
   */
  expectedHeld?: Decimal;
  /** When given, the buy must add to this position of the user. */
  positionId?: number;
};

/**
 * One trade of an import, already checked; the trades come in the order they are applied. The
 * fields are named as the import's parsed rows name them, so those rows are passed as they are.
 */
export interface ImportedTrade {
  assetType: AssetType;
  symbol: string;
  transactionType: "BUY" | "SELL";
  quantity: Decimal;
  price: Decimal;
  /** The trade's fee; none is 0. */
  fee?: Decimal;
  /** When the trade was made. */
  date: Date;
  notes: string | null;
}

export interface ImportRequest {
  userId: number;
  /** The user's account every trade and dividend of the import goes into (default: the default). */
  accountId?: number;
  trades: readonly ImportedTrade[];
  /** Dividends received, written as the user's own (manual) income entries. */
  income: readonly Omit<IncomeFields, "accountId">[];
  now: Date;
  /**
   * The user's newest transaction id when the import was checked (null: none). Any trade made
   * since then (a hand entry, another import) means the check is stale, and nothing is written.
   */
  checkedAfter: number | null;
  /** Deposits, withdrawals, interest, fees and tax withheld, into the same account. */
  cash?: readonly ImportedCash[];
  /**
   * The account's newest cash activity id when the import was checked (null: none): any cash
   * written since means the file's cash rows were matched against a stale list.
   */
  cashCheckedAfter?: number | null;
}

/** A cash row of an import, checked: a positive amount, its type the direction. */
export interface ImportedCash {
  type: CashActivityType;
  amount: Decimal;
  /** YYYY-MM-DD */
  date: string;
  notes: string | null;
}

export type TradeImportOutcome =
  | { ok: true; imported: number; incomeAdded: number; cashAdded: number }
  | { ok: false; reason: "history_changed" | "account_not_found" }
  | { ok: false; reason: "exceeds_holding"; index: number; held: Decimal };

/**
 * Rows per multi-row INSERT of an import: 11 parameters a row stays well under SQLite's 32,766
 * and PostgreSQL's 65,535 per statement, and one batch holds the event loop only a few ms.
 */
const IMPORT_INSERT_BATCH = 500;

/**
 * An import's INSERT of `rows` transactions, written by hand: the statement text is the same for
 * every full batch, so the driver prepares it once (Drizzle's builder spent a fifth of a 100,000
 * row import rebuilding it). The columns' values are the same on both dialects: epoch
 * milliseconds and fixed-width decimal text, which PostgreSQL's numeric reads as the number.
 */
const insertTransactionsSql = (rows: number) =>
  `INSERT INTO transactions (user_id, account_id, transaction_date, type, symbol, transaction_type, quantity, price, total, fee, notes, created_at) VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`;

export type TradeOutcome =
  | { ok: true; position: Position | null; transaction: Transaction }
  | {
      ok: false;
      reason: "not_found" | "account_not_found" | "exceeds_holding" | "held_changed";
      held?: Decimal;
    };

/**
 * Positions and their transactions. Each buy or sell reads the position, applies the
 * average-cost rules and writes both rows in one write transaction. Trades of one user are
 * serialised (SQLite: its single writer; PostgreSQL: the user's row locked FOR UPDATE), so
 * concurrent sells, from any process, can never take a position below zero.
 */
export function portfolioRepository(database: Database) {
  const { db, tables } = database;
  const { cashActivities, incomeEntries, investmentAccounts, positions, transactions, users } =
    tables;

  /**
   * Whether the account's trades (and cash, when the import has a cash check) are as they were
   * when the file was checked: the newest ids are the ones the check saw. The account's, not the
   * user's: a trade in another account changes nothing the check read (decision 0039).
   */
  function* unchangedSince(tx: Db, request: ImportRequest, accountId: number): Work<boolean> {
    const last = yield* first(
      tx
        .select({ id: max(transactions.id) })
        .from(transactions)
        .where(and(eq(transactions.userId, request.userId), eq(transactions.accountId, accountId))),
    );
    if ((last?.id ?? null) !== request.checkedAfter) return false;
    if (request.cashCheckedAfter === undefined) return true;
    const lastCash = yield* first(
      tx
        .select({ id: max(cashActivities.id) })
        .from(cashActivities)
        .where(
          and(eq(cashActivities.userId, request.userId), eq(cashActivities.accountId, accountId)),
        ),
    );
    return (lastCash?.id ?? null) === request.cashCheckedAfter;
  }

  function* insertTransaction(
    tx: Db,
    request: TradeRequest & { symbol: string; accountId: number },
    side: "BUY" | "SELL",
  ): Work<Transaction> {
    yield* markSnapshotsStale(request.userId, request.transactionDate, request);
    const row = yield* first(
      tx
        .insert(transactions)
        .values({
          userId: request.userId,
          accountId: request.accountId,
          transactionDate: request.transactionDate,
          type: request.assetType,
          symbol: request.symbol,
          transactionType: side,
          quantity: toStored(request.quantity),
          price: toStored(request.price),
          total: toStored(multiply(request.quantity, request.price)),
          fee: toStored(request.fee ?? "0"),
          notes: request.notes,
          lotSelections: request.lotSelections?.length
            ? JSON.stringify(
                request.lotSelections.map(({ lotId, quantity }) => ({ lotId, quantity })),
              )
            : null,
          requestKey: request.requestKey?.key ?? null,
          createdAt: request.now,
        })
        .returning(),
    );
    return toTransaction(row);
  }

  /** Whether the account is the user's (read under the user's lock, so it cannot go meanwhile). */
  /** The named account, or the user's default one. */
  function* accountOf(tx: Db, request: { userId: number; accountId?: number }): Work<number> {
    return request.accountId ?? (yield* defaultAccountId(tx, investmentAccounts, request.userId));
  }

  /** Only the named account's positions, when one is named. */
  const inAccount = (accountId: number | undefined) =>
    accountId === undefined ? [] : [eq(positions.accountId, accountId)];

  /**
   * Waits for (then holds) the user's other trades; answers the trade an earlier attempt of this
   * request made, if any, or a refusal when the account is not the user's.
   */
  function* lockTrader(tx: Db, request: TradeRequest): Work<TradeOutcome | undefined> {
    yield* locked(tx.select({ id: users.id }).from(users).where(eq(users.id, request.userId)));
    if (
      request.accountId !== undefined &&
      !(yield* ownsAccount(tx, investmentAccounts, request.userId, request.accountId))
    ) {
      return { ok: false, reason: "account_not_found" };
    }
    if (!request.requestKey) return undefined;
    const row = yield* first(
      tx
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, request.userId),
            eq(transactions.requestKey, request.requestKey.key),
            gte(transactions.createdAt, request.requestKey.since),
          ),
        ),
    );
    if (!row) return undefined;
    const position = yield* first(
      tx
        .select()
        .from(positions)
        .where(
          and(
            eq(positions.userId, row.userId),
            eq(positions.accountId, row.accountId),
            eq(positions.assetType, row.type),
            eq(positions.symbol, row.symbol),
          ),
        ),
    );
    return {
      ok: true,
      position: position ? toPosition(position) : null,
      transaction: toTransaction(row),
    };
  }

  /** The user's first position of this asset type that `match` picks (by account), if any. */
  async function findPosition(
    userId: number,
    assetType: AssetType,
    match: SQL,
  ): Promise<Position | undefined> {
    const row = await database.first(
      db
        .select()
        .from(positions)
        .where(and(eq(positions.userId, userId), eq(positions.assetType, assetType), match))
        .orderBy(asc(positions.accountId))
        .limit(1),
    );
    return row ? toPosition(row) : undefined;
  }

  // Prepared once: the positions are what the portfolio screens poll.
  const listStatement = database.prepare(
    "positions_list",
    db
      .select()
      .from(positions)
      .where(
        and(
          eq(positions.userId, sql.placeholder("userId")),
          eq(positions.assetType, sql.placeholder("assetType")),
        ),
      )
      .orderBy(asc(positions.symbol), asc(positions.accountId)),
  );
  const accountListStatement = database.prepare(
    "positions_account_list",
    db
      .select()
      .from(positions)
      .where(
        and(
          eq(positions.userId, sql.placeholder("userId")),
          eq(positions.assetType, sql.placeholder("assetType")),
          eq(positions.accountId, sql.placeholder("accountId")),
        ),
      )
      .orderBy(asc(positions.symbol)),
  );

  return {
    /** The user's positions of an asset type, by symbol (then account); of one account, or all. */
    async list(userId: number, assetType: AssetType, accountId?: number): Promise<Position[]> {
      const rows =
        accountId === undefined
          ? await listStatement.all({ userId, assetType })
          : await accountListStatement.all({ userId, assetType, accountId });
      return rows.map(toPosition);
    },

    async findById(
      userId: number,
      assetType: AssetType,
      id: number,
    ): Promise<Position | undefined> {
      return findPosition(userId, assetType, eq(positions.id, id));
    },

    /** The user's position in the symbol: in the account, or (without one) in any account. */
    async findBySymbol(
      userId: number,
      assetType: AssetType,
      symbol: string,
      accountId?: number,
    ): Promise<Position | undefined> {
      return findPosition(
        userId,
        assetType,
        accountId === undefined
          ? eq(positions.symbol, symbol)
          : and(eq(positions.symbol, symbol), eq(positions.accountId, accountId))!,
      );
    },

    async buy(request: BuyRequest): Promise<TradeOutcome> {
      return database.transaction(function* (tx): Work<TradeOutcome> {
        const earlier = yield* lockTrader(tx, request);
        if (earlier) return earlier;
        const bySymbolIn =
          request.positionId === undefined ? yield* accountOf(tx, request) : undefined;
        const row = yield* locked(
          tx
            .select()
            .from(positions)
            .where(
              request.positionId === undefined
                ? and(
                    eq(positions.userId, request.userId),
                    ...inAccount(bySymbolIn),
                    eq(positions.assetType, request.assetType),
                    eq(positions.symbol, request.symbol),
                  )
                : and(
                    eq(positions.userId, request.userId),
                    ...inAccount(request.accountId),
                    eq(positions.assetType, request.assetType),
                    eq(positions.id, request.positionId),
                  ),
            ),
        );
        if (request.positionId !== undefined && !row) return { ok: false, reason: "not_found" };
        const current: Holding | null = row
          ? { quantity: fromStored(row.quantity), averagePrice: fromStored(row.averagePrice) }
          : null;
        const held = current?.quantity ?? "0";
        if (request.expectedHeld !== undefined && held !== request.expectedHeld) {
          return { ok: false, reason: "held_changed", held };
        }
        const next = applyBuy(current, request.quantity, request.price, request.fee);
        const symbol = row?.symbol ?? request.symbol;
        const accountId = row?.accountId ?? bySymbolIn!;
        const stored = {
          quantity: toStored(next.quantity),
          averagePrice: toStored(next.averagePrice),
          updatedAt: request.now,
        };
        const positionRow = yield* first(
          row
            ? tx.update(positions).set(stored).where(eq(positions.id, row.id)).returning()
            : tx
                .insert(positions)
                .values({
                  userId: request.userId,
                  accountId,
                  assetType: request.assetType,
                  symbol,
                  openedAt: request.now,
                  ...stored,
                })
                .returning(),
        );
        const transaction = yield* insertTransaction(tx, { ...request, symbol, accountId }, "BUY");
        return { ok: true, position: toPosition(positionRow), transaction };
      });
    },

    /** Sells from a position of the user; selling everything closes (deletes) the position. */
    async sell(request: TradeRequest & { positionId: number }): Promise<TradeOutcome> {
      return database.transaction(function* (tx): Work<TradeOutcome> {
        const earlier = yield* lockTrader(tx, request);
        if (earlier) return earlier;
        const row = yield* locked(
          tx
            .select()
            .from(positions)
            .where(
              and(
                eq(positions.id, request.positionId),
                eq(positions.userId, request.userId),
                ...inAccount(request.accountId),
                eq(positions.assetType, request.assetType),
              ),
            ),
        );
        if (!row) return { ok: false, reason: "not_found" };
        const outcome = applySell(
          { quantity: fromStored(row.quantity), averagePrice: fromStored(row.averagePrice) },
          request.quantity,
        );
        if (!outcome.ok) {
          return { ok: false, reason: outcome.reason, held: fromStored(row.quantity) };
        }
        let position: Position | null = null;
        if (isZero(outcome.holding.quantity)) {
          yield* changes(tx.delete(positions).where(eq(positions.id, row.id)));
        } else {
          position = toPosition(
            yield* first(
              tx
                .update(positions)
                .set({ quantity: toStored(outcome.holding.quantity), updatedAt: request.now })
                .where(eq(positions.id, row.id))
                .returning(),
            ),
          );
        }
        const transaction = yield* insertTransaction(
          tx,
          { ...request, symbol: row.symbol, accountId: row.accountId },
          "SELL",
        );
        return { ok: true, position, transaction };
      });
    },

    /**
     * Applies many trades in one transaction, all or none: each with the same average-cost rules
     * (applyBuy, applySell) and the same rows a buy or sell by hand writes, in the given order,
     * onto the positions as they are. The positions touched are read once and written once; the
     * transactions go in as prepared multi-row INSERTs of IMPORT_INSERT_BATCH rows, and the
     * transaction pauses between batches so other users' requests are answered meanwhile.
     */
    async importTrades(request: ImportRequest): Promise<TradeImportOutcome> {
      return database.transaction(
        function* (tx): Work<TradeImportOutcome> {
          yield* locked(
            tx.select({ id: users.id }).from(users).where(eq(users.id, request.userId)),
          );
          if (
            request.accountId !== undefined &&
            !(yield* ownsAccount(tx, investmentAccounts, request.userId, request.accountId))
          ) {
            return { ok: false, reason: "account_not_found" };
          }
          const accountId = yield* accountOf(tx, request);
          if (!(yield* unchangedSince(tx, request, accountId))) {
            return { ok: false, reason: "history_changed" };
          }

          const held = new Map<string, { row: PositionRow | null; holding: Holding | null }>();
          const rows = yield* all(
            tx
              .select()
              .from(positions)
              .where(and(eq(positions.userId, request.userId), eq(positions.accountId, accountId))),
          );
          for (const row of rows) {
            held.set(`${row.assetType}:${row.symbol}`, {
              row,
              holding: {
                quantity: fromStored(row.quantity),
                averagePrice: fromStored(row.averagePrice),
              },
            });
          }
          let earliest = Infinity;
          for (const [index, trade] of request.trades.entries()) {
            if (index > 0 && index % IMPORT_INSERT_BATCH === 0) yield* pause();
            const key = `${trade.assetType}:${trade.symbol}`;
            const entry = held.get(key) ?? { row: null, holding: null };
            held.set(key, entry);
            if (trade.transactionType === "BUY") {
              entry.holding = applyBuy(entry.holding, trade.quantity, trade.price, trade.fee);
            } else {
              const outcome = entry.holding ? applySell(entry.holding, trade.quantity) : null;
              if (!outcome?.ok) {
                return {
                  ok: false,
                  reason: "exceeds_holding",
                  index,
                  held: entry.holding?.quantity ?? "0",
                };
              }
              entry.holding = outcome.holding;
            }
            earliest = Math.min(earliest, trade.date.getTime());
          }
          for (const [key, { row, holding }] of held) {
            if (
              !holding ||
              (row &&
                row.quantity === toStored(holding.quantity) &&
                row.averagePrice === toStored(holding.averagePrice))
            ) {
              continue;
            }
            if (isZero(holding.quantity)) {
              if (row) yield* changes(tx.delete(positions).where(eq(positions.id, row.id)));
              continue;
            }
            const stored = {
              quantity: toStored(holding.quantity),
              averagePrice: toStored(holding.averagePrice),
              updatedAt: request.now,
            };
            if (row) {
              yield* changes(tx.update(positions).set(stored).where(eq(positions.id, row.id)));
            } else {
              const [assetType, symbol] = key.split(":") as [AssetType, string];
              yield* changes(
                tx.insert(positions).values({
                  userId: request.userId,
                  accountId,
                  assetType,
                  symbol,
                  openedAt: request.now,
                  ...stored,
                }),
              );
            }
          }
          if (request.trades.length > 0) {
            yield* markSnapshotsStale(request.userId, new Date(earliest));
          }
          // The rows of a batch are built just before it is written, so the whole file's rows
          // never sit in memory twice over.
          const now = request.now.getTime();
          for (let start = 0; start < request.trades.length; start += IMPORT_INSERT_BATCH) {
            const batch = request.trades.slice(start, start + IMPORT_INSERT_BATCH);
            const params: unknown[] = [];
            for (const trade of batch) {
              params.push(
                request.userId,
                accountId,
                trade.date.getTime(),
                trade.assetType,
                trade.symbol,
                trade.transactionType,
                toStored(trade.quantity),
                toStored(trade.price),
                toStored(multiply(trade.quantity, trade.price)),
                toStored(trade.fee ?? "0"),
                trade.notes,
                now,
              );
            }
            yield* raw(insertTransactionsSql(batch.length), params);
            yield* pause();
          }
          let incomeAdded = 0;
          for (let start = 0; start < request.income.length; start += IMPORT_INSERT_BATCH) {
            incomeAdded += yield* changes(
              tx
                .insert(incomeEntries)
                .values(
                  request.income.slice(start, start + IMPORT_INSERT_BATCH).map((fields) => ({
                    userId: request.userId,
                    type: "DIVIDEND" as const,
                    ...incomeValues({ ...fields, accountId }),
                    manual: true,
                    deletedAt: null,
                    createdAt: request.now,
                    updatedAt: request.now,
                  })),
                )
                .onConflictDoNothing(),
            );
          }
          const cash = request.cash ?? [];
          let cashAdded = 0;
          for (let start = 0; start < cash.length; start += IMPORT_INSERT_BATCH) {
            const batch = cash.slice(start, start + IMPORT_INSERT_BATCH);
            cashAdded += yield* insertCashActivities(
              tx,
              tables,
              request.userId,
              batch.map((row) => ({ ...row, accountId })),
              request.now,
            );
          }
          return { ok: true, imported: request.trades.length, incomeAdded, cashAdded };
        },
        { pauses: true },
      );
    },

    /** Distinct symbols the user holds, per asset type (the landing page's "Owned" tiles). */
    async countHeld(userId: number, assetType: AssetType): Promise<number> {
      const row = await database.first(
        db
          .select({ n: countDistinct(positions.symbol) })
          .from(positions)
          .where(and(eq(positions.userId, userId), eq(positions.assetType, assetType))),
      );
      return row?.n ?? 0;
    },

    /** Every symbol anyone holds: the market refresher keeps these fresh. */
    async distinctSymbols(assetType: AssetType): Promise<string[]> {
      const rows = await database.all(
        db
          .selectDistinct({ symbol: positions.symbol })
          .from(positions)
          .where(eq(positions.assetType, assetType)),
      );
      return rows.map((row) => row.symbol);
    },

    /** Every symbol of an asset type the user has ever traded, held or not (for dividends). */
    async tradedSymbols(userId: number, assetType: AssetType): Promise<string[]> {
      const rows = await database.all(
        db
          .selectDistinct({ symbol: transactions.symbol })
          .from(transactions)
          .where(and(eq(transactions.userId, userId), eq(transactions.type, assetType))),
      );
      return rows.map((row) => row.symbol).sort();
    },

    /** Users who have ever traded a stock (or this one): corporate-action syncs visit these. */
    async stockTraders(symbol?: string): Promise<number[]> {
      const rows = await database.all(
        db
          .selectDistinct({ userId: transactions.userId })
          .from(transactions)
          .where(
            symbol === undefined
              ? eq(transactions.type, "STOCK")
              : and(eq(transactions.type, "STOCK"), eq(transactions.symbol, symbol)),
          ),
      );
      return rows.map((row) => row.userId);
    },

    /**
     * The user's buys, sells, split rows and transfers between accounts for the tax lot replay, oldest first (date, then id),
     * of every account; only one asset type's symbol when `symbol` is given. Read in pages from
     * one snapshot with a turn of the event loop between them (0029).
     */
    async lotTrades(
      userId: number,
      only?: { assetType: AssetType; symbol: string },
    ): Promise<LotTradeRow[]> {
      return database.transaction(
        function* (tx): Work<LotTradeRow[]> {
          const read: LotTradeRow[] = [];
          let last: LotTradeRow | undefined;
          for (;;) {
            const rows = yield* all(
              tx
                .select({
                  id: transactions.id,
                  accountId: transactions.accountId,
                  transactionDate: transactions.transactionDate,
                  type: transactions.type,
                  symbol: transactions.symbol,
                  transactionType: transactions.transactionType,
                  quantity: transactions.quantity,
                  price: transactions.price,
                  fee: transactions.fee,
                  total: transactions.total,
                  pairedId: transactions.pairedId,
                  lotSelections: transactions.lotSelections,
                })
                .from(transactions)
                .where(
                  and(
                    eq(transactions.userId, userId),
                    ...(only
                      ? [
                          eq(transactions.symbol, only.symbol),
                          eq(transactions.type, only.assetType),
                        ]
                      : []),
                    afterInHistory(transactions, last, "asc"),
                  ),
                )
                .orderBy(asc(transactions.transactionDate), asc(transactions.id))
                .limit(TRANSACTIONS_PAGE),
            );
            for (const row of rows) {
              read.push({
                ...row,
                quantity: fromStored(row.quantity),
                price: fromStored(row.price),
                fee: fromStored(row.fee),
                total: fromStored(row.total),
                lotSelections: readSelections(row.lotSelections),
              });
            }
            last = read.at(-1);
            if (rows.length < TRANSACTIONS_PAGE) return read;
            yield* pause();
          }
        },
        { readOnly: true, pauses: true },
      );
    },

    /**
     * A user's transactions, newest first (the transaction history builds its own pages), read
     * from one snapshot in pages with a turn of the event loop between them: after an import
     * this is 200,000 rows, whose one query held everything else up for a second.
     */
    async transactions(userId: number, accountId?: number): Promise<Transaction[]> {
      return database.transaction(
        function* (tx): Work<Transaction[]> {
          const read: Transaction[] = [];
          let last: Transaction | undefined;
          for (;;) {
            const rows = yield* all(
              tx
                .select()
                .from(transactions)
                .where(
                  and(
                    eq(transactions.userId, userId),
                    ...(accountId === undefined ? [] : [eq(transactions.accountId, accountId)]),
                    afterInHistory(transactions, last, "desc"),
                  ),
                )
                .orderBy(desc(transactions.transactionDate), desc(transactions.id))
                .limit(TRANSACTIONS_PAGE),
            );
            for (const row of rows) read.push(toTransaction(row));
            last = read.at(-1);
            if (rows.length < TRANSACTIONS_PAGE) return read;
            yield* pause();
          }
        },
        { readOnly: true, pauses: true },
      );
    },
  };
}

export type PortfolioRepository = ReturnType<typeof portfolioRepository>;
