import { isZero, multiply, toStored, type Decimal, type Holding } from "@ledgerline/money";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { all, changes, first, locked, type Work } from "../../database";
import type { PositionRow, TransactionRow } from "../../schema";
import { toPosition, type Position } from "../portfolio/rows";
import { writeHolding } from "../portfolio/trade-steps";
import { holdingRows, storable, tradeFigures } from "../trade-log";
import type { HoldingTransferRequest } from "./rows";

/** The reads and writes of a transfer of one holding, inside its write transaction. */

const ofHolding = (tables: Tables, request: HoldingTransferRequest, accountId: number) =>
  and(...holdingRows(tables, { ...request, accountId }));

export function* rowsOf(
  tx: Db,
  tables: Tables,
  request: HoldingTransferRequest,
  accountId: number,
) {
  const { transactions } = tables;
  return yield* all(
    tx
      .select(tradeFigures(tables))
      .from(transactions)
      .where(ofHolding(tables, request, accountId))
      .orderBy(asc(transactions.transactionDate), asc(transactions.id)),
  );
}

export function* hasLaterRows(
  tx: Db,
  tables: Tables,
  request: HoldingTransferRequest,
  accountId: number,
) {
  const { transactions } = tables;
  const row = yield* first(
    tx
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          ofHolding(tables, request, accountId),
          gt(transactions.transactionDate, request.transactionDate),
        ),
      )
      .limit(1),
  );
  return row !== undefined;
}

export function* positionOf(
  tx: Db,
  { positions }: Tables,
  request: HoldingTransferRequest,
  accountId: number,
): Work<PositionRow | undefined> {
  return yield* locked(
    tx
      .select()
      .from(positions)
      .where(
        and(
          eq(positions.userId, request.userId),
          eq(positions.accountId, accountId),
          eq(positions.assetType, request.assetType),
          eq(positions.symbol, request.symbol),
        ),
      ),
  );
}

/** Writes the account's position as `holding` (deleting it when nothing is held). */
export function* writePosition(
  tx: Db,
  tables: Tables,
  request: HoldingTransferRequest,
  accountId: number,
  row: PositionRow | undefined,
  holding: Holding | null,
  openedAt: Date,
): Work<Position | null> {
  if (!holding || isZero(holding.quantity)) {
    if (row) yield* changes(tx.delete(tables.positions).where(eq(tables.positions.id, row.id)));
    return null;
  }
  const { userId, assetType, symbol } = request;
  const key = { userId, accountId, assetType, symbol };
  return toPosition(yield* writeHolding(tx, tables, row, key, holding, request.now, openedAt));
}

export function* insertRow(
  tx: Db,
  { transactions }: Tables,
  request: HoldingTransferRequest,
  accountId: number,
  transactionType: "TRANSFER_OUT" | "TRANSFER_IN",
  price: Decimal,
  pairedId: number | null,
): Work<TransactionRow> {
  return yield* first(
    tx
      .insert(transactions)
      .values({
        userId: request.userId,
        accountId,
        transactionDate: request.transactionDate,
        type: request.assetType,
        symbol: request.symbol,
        transactionType,
        quantity: toStored(request.quantity),
        price: toStored(price),
        total: storable(multiply(request.quantity, price)),
        fee: toStored("0"),
        notes: null,
        pairedId,
        requestKey: null,
        createdAt: request.now,
      })
      .returning(),
  );
}
