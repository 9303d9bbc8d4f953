import { and, eq, min } from "drizzle-orm";
import { all, changes, first, type Work } from "../../database";
import { markSnapshotsStale } from "../snapshots";
import {
  dropClashingSplits,
  dropTransfersBetween,
  movePositions,
  type Move,
} from "./move-holdings";
import { moveCash, moveIncome } from "./move-income";

type MovedSymbol = { assetType: "STOCK" | "CRYPTO"; symbol: string };

/** Moves every row of `from` into `to` (both the user's), merging what both hold. */
export function* moveRows(move: Move): Work<{ symbols: MovedSymbol[]; cash: number }> {
  const { tx, tables, userId, from, to } = move;
  const { transactions } = tables;
  const moved = yield* movePositions(move);
  yield* dropClashingSplits(move);
  yield* moveIncome(move);
  yield* dropTransfersBetween(move);
  const cash = yield* moveCash(move);

  const ofSource = () => and(eq(transactions.userId, userId), eq(transactions.accountId, from));
  const earliest = yield* first(
    tx
      .select({ at: min(transactions.transactionDate) })
      .from(transactions)
      .where(ofSource()),
  );
  const traded = yield* all(
    tx
      .selectDistinct({ assetType: transactions.type, symbol: transactions.symbol })
      .from(transactions)
      .where(ofSource()),
  );
  yield* changes(tx.update(transactions).set({ accountId: to }).where(ofSource()));
  if (earliest?.at) yield* markSnapshotsStale(userId, new Date(earliest.at));
  const symbols = new Map<string, MovedSymbol>();
  for (const row of [...moved, ...traded]) {
    symbols.set(`${row.assetType}:${row.symbol}`, {
      assetType: row.assetType,
      symbol: row.symbol,
    });
  }
  return { symbols: [...symbols.values()], cash };
}
