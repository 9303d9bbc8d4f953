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
import { and, eq, max } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { all, changes, first, pause, raw, type Database, type Work } from "../../database";
import type { AssetType, PositionRow } from "../../schema";
import { insertCashActivities } from "../cash-activities";
import { runningJobOf } from "../import-jobs";
import { incomeValues } from "../corporate-actions/rows";
import { markSnapshotsStale } from "../snapshots";
import type { ImportedCash, ImportedTrade, ImportRequest, TradeImportOutcome } from "./rows";
import { accountOf, lockUser } from "./trade-steps";

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
  `INSERT INTO transactions (user_id, account_id, transaction_date, type, symbol, transaction_type, quantity, price, total, fee, notes, import_job_id, created_at) VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`;

/** A position an import touches: its row as read (null: a new one), its holding as replayed. */
export type Held = Map<string, { row: PositionRow | null; holding: Holding | null }>;

/**
 * Whether the account's trades (and cash, when the import has a cash check) are as they were
 * when the file was checked: the newest ids are the ones the check saw. The account's, not the
 * user's: a trade in another account changes nothing the check read (decision 0039).
 */
function* unchangedSince(
  tx: Db,
  { cashActivities, transactions }: Tables,
  request: ImportRequest,
  accountId: number,
): Work<boolean> {
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

/**
 * Whether one of the user's import jobs has not ended: its rows go in batch by batch, and an
 * import written between them would be checked against rows the job may yet discard.
 */
function* importJobRunning(tx: Db, { importJobs }: Tables, userId: number): Work<boolean> {
  const running = yield* first(
    tx
      .select({ id: importJobs.id })
      .from(importJobs)
      .where(runningJobOf(importJobs, userId))
      .limit(1),
  );
  return running !== undefined;
}

/** The account's positions, keyed by asset type and symbol. */
export function* heldPositions(
  tx: Db,
  { positions }: Tables,
  userId: number,
  accountId: number,
): Work<Held> {
  const held: Held = new Map();
  const rows = yield* all(
    tx
      .select()
      .from(positions)
      .where(and(eq(positions.userId, userId), eq(positions.accountId, accountId))),
  );
  for (const row of rows) {
    held.set(`${row.assetType}:${row.symbol}`, {
      row,
      holding: { quantity: fromStored(row.quantity), averagePrice: fromStored(row.averagePrice) },
    });
  }
  return held;
}

/**
 * Applies the trades, in order, to the held positions: the earliest trade's time, or the first
 * sell above what is held then.
 */
export function* replayTrades(
  request: Pick<ImportRequest, "trades">,
  held: Held,
): Work<{ ok: true; earliest: number } | { ok: false; index: number; held: Decimal }> {
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
      if (!outcome?.ok) return { ok: false, index, held: entry.holding?.quantity ?? "0" };
      entry.holding = outcome.holding;
    }
    earliest = Math.min(earliest, trade.date.getTime());
  }
  return { ok: true, earliest };
}

/** Writes the positions whose holding changed: deleted when emptied, else updated or opened. */
export function* writePositions(
  tx: Db,
  { positions }: Tables,
  request: Pick<ImportRequest, "userId" | "now">,
  accountId: number,
  held: Held,
): Work<void> {
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
}

/** Where an import's rows go: the user's account, tagged with the job writing them (if any). */
export interface RowTarget {
  userId: number;
  accountId: number;
  now: Date;
  importJobId: number | null;
}

/**
 * Inserts trades' transaction rows in batches, pausing after each. The rows of a batch are
 * built just before it is written, so the whole file's rows never sit in memory twice over.
 */
export function* insertTradeRows(
  trades: readonly ImportedTrade[],
  { userId, accountId, now, importJobId }: RowTarget,
): Work<void> {
  for (let start = 0; start < trades.length; start += IMPORT_INSERT_BATCH) {
    const batch = trades.slice(start, start + IMPORT_INSERT_BATCH);
    const params: unknown[] = [];
    for (const trade of batch) {
      params.push(
        userId,
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
        importJobId,
        now.getTime(),
      );
    }
    yield* raw(insertTransactionsSql(batch.length), params);
    yield* pause();
  }
}

/** Writes dividends as manual income entries: how many were new. */
export function* insertIncome(
  tx: Db,
  { incomeEntries }: Tables,
  income: ImportRequest["income"],
  { userId, accountId, now, importJobId }: RowTarget,
): Work<number> {
  let incomeAdded = 0;
  for (let start = 0; start < income.length; start += IMPORT_INSERT_BATCH) {
    const batch = income.slice(start, start + IMPORT_INSERT_BATCH);
    incomeAdded += yield* changes(
      tx
        .insert(incomeEntries)
        .values(
          batch.map((fields) => ({
            userId,
            type: "DIVIDEND" as const,
            ...incomeValues({ ...fields, accountId }),
            manual: true,
            deletedAt: null,
            importJobId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing(),
    );
    yield* pause();
  }
  return incomeAdded;
}

/** Writes cash rows into the account: how many were added. */
export function* insertCash(
  tx: Db,
  tables: Tables,
  cash: readonly ImportedCash[],
  target: RowTarget,
): Work<number> {
  let cashAdded = 0;
  for (let start = 0; start < cash.length; start += IMPORT_INSERT_BATCH) {
    const batch = cash.slice(start, start + IMPORT_INSERT_BATCH);
    cashAdded += yield* insertCashActivities(
      tx,
      tables,
      target.userId,
      batch.map((row) => ({ ...row, accountId: target.accountId })),
      target.now,
      target.importJobId,
    );
    yield* pause();
  }
  return cashAdded;
}

/**
 * Applies many trades in one transaction, all or none: each with the same average-cost rules
 * (applyBuy, applySell) and the same rows a buy or sell by hand writes, in the given order,
 * onto the positions as they are. The positions touched are read once and written once; the
 * transactions go in as prepared multi-row INSERTs of IMPORT_INSERT_BATCH rows, and the
 * transaction pauses between batches so other users' requests are answered meanwhile.
 */
export function importTrades(
  database: Database,
  request: ImportRequest,
): Promise<TradeImportOutcome> {
  const { tables } = database;
  return database.transaction(
    function* (tx): Work<TradeImportOutcome> {
      if (!(yield* lockUser(tx, tables, request)))
        return { ok: false, reason: "account_not_found" };
      if (yield* importJobRunning(tx, tables, request.userId)) {
        return { ok: false, reason: "import_running" };
      }
      const accountId = yield* accountOf(tx, tables, request);
      if (!(yield* unchangedSince(tx, tables, request, accountId))) {
        return { ok: false, reason: "history_changed" };
      }
      const held = yield* heldPositions(tx, tables, request.userId, accountId);
      const replayed = yield* replayTrades(request, held);
      if (!replayed.ok) {
        return { ok: false, reason: "exceeds_holding", index: replayed.index, held: replayed.held };
      }
      yield* writePositions(tx, tables, request, accountId, held);
      if (request.trades.length > 0) {
        yield* markSnapshotsStale(request.userId, new Date(replayed.earliest));
      }
      const target = { userId: request.userId, accountId, now: request.now, importJobId: null };
      yield* insertTradeRows(request.trades, target);
      const incomeAdded = yield* insertIncome(tx, tables, request.income, target);
      const cashAdded = yield* insertCash(tx, tables, request.cash ?? [], target);
      return { ok: true, imported: request.trades.length, incomeAdded, cashAdded };
    },
    { pauses: true },
  );
}
