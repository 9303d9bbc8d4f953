import { fromStored, toStored } from "@ledgerline/money";
import { and, count, eq, max } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { changes, first, pause, rawValues, type Work } from "../../database";
import { holdingRows, sharedKind } from "../trade-log";
import { markSnapshotsStale } from "../snapshots";
import type { ReplayRow, ReplayTarget, SplitRowWrite } from "./rows";

/** Rows read per page, with a pause between pages: a page of 5,000 held the event loop 50-130 ms
 * on a loaded machine (issue 29; see TRANSACTIONS_PAGE in portfolio/history.ts). */
const REPLAY_PAGE = 1000;

/** The rows of one stock in one account of the user. */
export const ofSymbol = (tables: Tables, target: ReplayTarget) =>
  holdingRows(tables, { ...target, assetType: "STOCK" });

/**
 * The symbol's rows the replay reads, in (date, id) order: after a row when `after`, a page of
 * REPLAY_PAGE when `paged` (the page after a row starts at its date in the index, as the lot
 * replay's pages do: portfolio/history.ts). A trade's notes are the user's and long; only a
 * split's are read.
 */
const replayedRows = (after: boolean, paged: boolean) =>
  "SELECT id, transaction_date, transaction_type, quantity, price, fee," +
  " CASE WHEN transaction_type = 'SPLIT' THEN total END," +
  " CASE WHEN transaction_type = 'SPLIT' THEN notes END" +
  " FROM transactions WHERE user_id = ? AND account_id = ? AND type = 'STOCK' AND symbol = ?" +
  (after ? " AND transaction_date >= ? AND (transaction_date > ? OR id > ?)" : "") +
  " ORDER BY transaction_date, id" +
  (paged ? ` LIMIT ${REPLAY_PAGE}` : "");

type ReplayValues = [
  id: number,
  transactionDate: number | string,
  transactionType: ReplayRow["transactionType"],
  quantity: string,
  price: string,
  fee: string,
  total: string | null,
  notes: string | null,
];

const toReplayRow = (row: ReplayValues): ReplayRow => ({
  id: row[0],
  transactionDate: new Date(Number(row[1])),
  transactionType: sharedKind(row[2]),
  quantity: fromStored(row[3]),
  price: fromStored(row[4]),
  fee: fromStored(row[5]),
  total: row[6] === null ? "0" : fromStored(row[6]),
  notes: row[7],
});

/**
 * Every row the replay reads; `paged`, a page at a time with pauses between. As arrays of
 * values, not Drizzle's rows: after an import a symbol has thousands of rows, read twice (the
 * import's replay and the next read's), and their mapping was most of the read's time.
 */
export function* readRows(target: ReplayTarget, paged: boolean): Work<ReplayRow[]> {
  const { userId, accountId, symbol } = target;
  const of = [userId, accountId, symbol];
  if (!paged)
    return (yield* rawValues<ReplayValues>(replayedRows(false, false), of)).map(toReplayRow);
  const rows: ReplayRow[] = [];
  for (;;) {
    const last = rows.at(-1);
    const at = last?.transactionDate.getTime();
    const page = yield* rawValues<ReplayValues>(
      replayedRows(!!last, true),
      last ? [...of, at, at, last.id] : of,
    );
    for (const row of page) rows.push(toReplayRow(row));
    if (page.length < REPLAY_PAGE) return rows;
    yield* pause();
  }
}

/**
 * What the rows of the symbol are now: a trade added, or a split row written or removed
 * since they were read, changes it (trades are never edited in place).
 */
export function* rowsVersion(tx: Db, tables: Tables, target: ReplayTarget): Work<string> {
  const { transactions } = tables;
  const row = yield* first(
    tx
      .select({ rows: count(), last: max(transactions.id) })
      .from(transactions)
      .where(and(...ofSymbol(tables, target))),
  );
  return `${Number(row?.rows ?? 0)}:${Number(row?.last ?? 0)}`;
}

export const versionOf = (rows: readonly ReplayRow[]) =>
  `${rows.length}:${rows.reduce((last, row) => Math.max(last, row.id), 0)}`;

/** The user's trades wait for a transaction that holds this, and it for them. */
/** One SPLIT row's change; whether it counts as a split written. */
export function* writeSplitRow(
  tx: Db,
  { transactions }: Tables,
  target: ReplayTarget,
  write: SplitRowWrite,
): Work<boolean> {
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
