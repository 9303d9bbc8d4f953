import { fromStored, toStored } from "@ledgerline/money";
import { and, asc, count, eq, max, sql } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { all, changes, first, pause, type Work } from "../../database";
import { afterInHistory } from "../history-pages";
import { holdingRows, tradeFigures } from "../trade-log";
import { markSnapshotsStale } from "../snapshots";
import type { ReplayRow, ReplayTarget, SplitRowWrite } from "./rows";

/** Rows read per page, with a pause between pages: a page of 5,000 held the event loop 50-130 ms
 * on a loaded machine (issue 29; see TRANSACTIONS_PAGE in portfolio/history.ts). */
const REPLAY_PAGE = 1000;

/** The rows of one stock in one account of the user. */
export const ofSymbol = (tables: Tables, target: ReplayTarget) =>
  holdingRows(tables, { ...target, assetType: "STOCK" });

/** The symbol's rows the replay reads, in (date, id) order: after `last`, up to `limit`. */
const replayedRows = (
  tx: Db,
  tables: Tables,
  target: ReplayTarget,
  last?: ReplayRow,
  limit?: number,
) => {
  const { transactions } = tables;
  const query = tx
    .select({
      ...tradeFigures(tables),
      // A trade's notes are the user's and long; only a split's are compared.
      total: sql<
        string | null
      >`case when ${transactions.transactionType} = 'SPLIT' then ${transactions.total} end`,
      notes: sql<
        string | null
      >`case when ${transactions.transactionType} = 'SPLIT' then ${transactions.notes} end`,
    })
    .from(transactions)
    .where(and(...ofSymbol(tables, target), afterInHistory(transactions, last, "asc")))
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
export function* readRows(
  tx: Db,
  tables: Tables,
  target: ReplayTarget,
  paged: boolean,
): Work<ReplayRow[]> {
  if (!paged) return (yield* all(replayedRows(tx, tables, target))).map(toReplayRow);
  const rows: ReplayRow[] = [];
  for (;;) {
    const page = yield* all(replayedRows(tx, tables, target, rows.at(-1), REPLAY_PAGE));
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
