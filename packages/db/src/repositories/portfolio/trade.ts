import { applyBuy, applySell, fromStored, isZero, toStored, type Holding } from "@ledgerline/money";
import { and, eq } from "drizzle-orm";
import { changes, first, locked, type Database, type Work } from "../../database";
import {
  toPosition,
  type BuyRequest,
  type Position,
  type TradeOutcome,
  type TradeRequest,
} from "./rows";
import { accountOf, inAccount, insertTransaction, lockTrader, writeHolding } from "./trade-steps";

/** Buys into the user's position (by id, or by symbol in the account), opening it if need be. */
export function buy(database: Database, request: BuyRequest): Promise<TradeOutcome> {
  const { tables } = database;
  const { positions } = tables;
  return database.transaction(function* (tx): Work<TradeOutcome> {
    const earlier = yield* lockTrader(tx, tables, request);
    if (earlier) return earlier;
    const bySymbolIn =
      request.positionId === undefined ? yield* accountOf(tx, tables, request) : undefined;
    const row = yield* locked(
      tx
        .select()
        .from(positions)
        .where(
          request.positionId === undefined
            ? and(
                eq(positions.userId, request.userId),
                ...inAccount(tables, bySymbolIn),
                eq(positions.assetType, request.assetType),
                eq(positions.symbol, request.symbol),
              )
            : and(
                eq(positions.userId, request.userId),
                ...inAccount(tables, request.accountId),
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
    const positionRow = yield* writeHolding(
      tx,
      tables,
      row,
      { userId: request.userId, accountId, assetType: request.assetType, symbol },
      next,
      request.now,
    );
    const transaction = yield* insertTransaction(
      tx,
      tables,
      { ...request, symbol, accountId },
      "BUY",
    );
    return { ok: true, position: toPosition(positionRow), transaction };
  });
}

/** Sells from a position of the user; selling everything closes (deletes) the position. */
export function sell(
  database: Database,
  request: TradeRequest & { positionId: number },
): Promise<TradeOutcome> {
  const { tables } = database;
  const { positions } = tables;
  return database.transaction(function* (tx): Work<TradeOutcome> {
    const earlier = yield* lockTrader(tx, tables, request);
    if (earlier) return earlier;
    const row = yield* locked(
      tx
        .select()
        .from(positions)
        .where(
          and(
            eq(positions.id, request.positionId),
            eq(positions.userId, request.userId),
            ...inAccount(tables, request.accountId),
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
      tables,
      { ...request, symbol: row.symbol, accountId: row.accountId },
      "SELL",
    );
    return { ok: true, position, transaction };
  });
}
