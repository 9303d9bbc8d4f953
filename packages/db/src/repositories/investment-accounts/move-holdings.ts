import { fromStored, toStored } from "@ledgerline/money";
import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { all, changes, first, type Work } from "../../database";
import type { PositionRow } from "../../schema";
import type { MoveRules } from "./rows";

/** One move of every row of account `from` into account `to`, both the user's. */
export interface Move {
  tx: Db;
  tables: Tables;
  userId: number;
  from: number;
  to: number;
  rules: MoveRules;
  now: Date;
}

/** Moves the positions of `from` into `to`, one holding of a symbol both hold merged by `rules`. */
export function* movePositions({
  tx,
  tables,
  userId,
  from,
  to,
  rules,
  now,
}: Move): Work<PositionRow[]> {
  const { positions } = tables;
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
  return moved;
}

/**
 * A split row of a symbol and instant both accounts have: the target's stays (the source's is
 * deleted), and the next corporate-action replay of the symbol rewrites it for the merged trades.
 */
export function* dropClashingSplits({ tx, tables, userId, from, to }: Move): Work<void> {
  const { transactions } = tables;
  const splitsOf = (accountId: number) =>
    all(
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
            eq(transactions.accountId, accountId),
            eq(transactions.transactionType, "SPLIT"),
          ),
        ),
    );
  const targetSplits = yield* splitsOf(to);
  const splitKeys = new Set(targetSplits.map((row) => `${row.symbol}:${row.at.getTime()}`));
  const sourceSplits = yield* splitsOf(from);
  const clashing = sourceSplits
    .filter((row) => splitKeys.has(`${row.symbol}:${row.at.getTime()}`))
    .map((row) => row.id);
  if (clashing.length > 0) {
    yield* changes(tx.delete(transactions).where(inArray(transactions.id, clashing)));
  }
}

/**
 * A transfer between the two accounts moves nothing once they are one: both its rows go (left
 * in, a replay would meet its two rows in one account, the out before the in).
 */
export function* dropTransfersBetween({ tx, tables, userId, from, to }: Move): Work<void> {
  const { transactions } = tables;
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
  const pairedIds = sourceTransfers.flatMap((row) => (row.pairedId === null ? [] : [row.pairedId]));
  if (pairedIds.length === 0) return;
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
