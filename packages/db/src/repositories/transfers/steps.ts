import {
  isZero,
  multiply,
  round,
  STORED_FRACTION_DIGITS,
  toStored,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { all, changes, first, locked, type Work } from "../../database";
import type { PositionRow, TransactionRow } from "../../schema";
import { toPosition, type Position } from "../portfolio/rows";
import type { HoldingTransferRequest } from "./rows";

/** The reads and writes of a transfer of one holding, inside its write transaction. */

const ofHolding = ({ transactions }: Tables, request: HoldingTransferRequest, accountId: number) =>
  and(
    eq(transactions.userId, request.userId),
    eq(transactions.accountId, accountId),
    eq(transactions.type, request.assetType),
    eq(transactions.symbol, request.symbol),
  );

export function* rowsOf(
  tx: Db,
  tables: Tables,
  request: HoldingTransferRequest,
  accountId: number,
) {
  const { transactions } = tables;
  return yield* all(
    tx
      .select({
        id: transactions.id,
        transactionDate: transactions.transactionDate,
        transactionType: transactions.transactionType,
        quantity: transactions.quantity,
        price: transactions.price,
        fee: transactions.fee,
      })
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
  { positions }: Tables,
  request: HoldingTransferRequest,
  accountId: number,
  row: PositionRow | undefined,
  holding: Holding | null,
  openedAt: Date,
): Work<Position | null> {
  if (!holding || isZero(holding.quantity)) {
    if (row) yield* changes(tx.delete(positions).where(eq(positions.id, row.id)));
    return null;
  }
  const stored = {
    quantity: toStored(holding.quantity),
    averagePrice: toStored(holding.averagePrice),
    updatedAt: request.now,
  };
  return toPosition(
    yield* first(
      row
        ? tx.update(positions).set(stored).where(eq(positions.id, row.id)).returning()
        : tx
            .insert(positions)
            .values({
              userId: request.userId,
              accountId,
              assetType: request.assetType,
              symbol: request.symbol,
              openedAt,
              ...stored,
            })
            .returning(),
    ),
  );
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
        total: toStored(round(multiply(request.quantity, price), STORED_FRACTION_DIGITS)),
        fee: toStored("0"),
        notes: null,
        pairedId,
        requestKey: null,
        createdAt: request.now,
      })
      .returning(),
  );
}
