import {
  applyBuy,
  applySell,
  compare,
  divide,
  fromStored,
  isZero,
  multiply,
  round,
  STORED_FRACTION_DIGITS,
  toStored,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../database";
import { all, changes, first, locked, type Database, type Work } from "../database";
import type { AssetType, PositionRow, TransactionRow, TransactionType } from "../schema";
import { ownsAccount } from "./investment-accounts";
import { toPosition, toTransaction, type Position, type Transaction } from "./portfolio";
import { markSnapshotsStale } from "./snapshots";

/**
 * A holding moved between two of a user's investment accounts (issue 31, decision 0033): two
 * transaction rows, TRANSFER_OUT in the source and TRANSFER_IN in the destination, with the same
 * date, quantity and price, the price being the average cost per unit the moved shares carried,
 * so each row's total is the cost basis that moved. Each row names the other (`pairedId`), which
 * is how a replay that follows lots (issue 32) finds where the source's lots went.
 */
export interface HoldingTransferRequest {
  userId: number;
  fromAccountId: number;
  toAccountId: number;
  assetType: AssetType;
  symbol: string;
  quantity: Decimal;
  /** When it moved: the rows' date, and the instant the source must hold the quantity at. */
  transactionDate: Date;
  now: Date;
}

export type HoldingTransferOutcome =
  | {
      ok: true;
      out: Transaction;
      in: Transaction;
      /** The source's position after it; null when everything moved. */
      from: Position | null;
      /** The destination's position after it (null only if later rows of its own emptied it). */
      to: Position | null;
    }
  | { ok: false; reason: "account_not_found" }
  /** `held`: the most the source could give at that date without going short later. */
  | { ok: false; reason: "exceeds_holding"; held: Decimal };

/** A row as a replay of one holding reads it. */
type HoldingRow = Pick<
  TransactionRow,
  "id" | "transactionDate" | "transactionType" | "quantity" | "price" | "fee"
>;

/** Places a quantity available is worked out to after a split (quantities carry 8). */
const QUANTITY_PLACES = 8;

/**
 * One row applied to a holding with average cost: what every replay of an account's history
 * does (a buy or a transfer in averages in its price, a sell or a transfer out takes quantity at
 * the average cost, a split row holds the position as the split left it). Null: the row takes
 * more than is held.
 */
export function applyHoldingRow(
  holding: Holding | null,
  type: TransactionType,
  quantity: Decimal,
  price: Decimal,
  fee: Decimal,
): Holding | null | "short" {
  switch (type) {
    case "BUY":
      return applyBuy(holding, quantity, price, fee);
    case "TRANSFER_IN":
      return applyBuy(holding, quantity, price, "0");
    case "SPLIT":
      return { quantity, averagePrice: price };
    case "SELL":
    case "TRANSFER_OUT": {
      const sold = applySell(holding ?? { quantity: "0", averagePrice: "0" }, quantity);
      return sold.ok ? sold.holding : "short";
    }
  }
}

/** One stored row applied; a row that finds the holding short is passed over, as replays do. */
function step(holding: Holding | null, row: HoldingRow): Holding | null {
  const next = applyHoldingRow(
    holding,
    row.transactionType,
    fromStored(row.quantity),
    fromStored(row.price),
    fromStored(row.fee),
  );
  return next === "short" ? holding : next;
}

/**
 * The replay of one holding's rows: the holding after the rows dated at or before `at`, and the
 * most that could leave it at `at` without any later row finding it short (in `at`'s units: a
 * later split's ratio is divided out).
 */
function replayAt(rows: readonly HoldingRow[], at: number) {
  let holding: Holding | null = null;
  let index = 0;
  for (; index < rows.length && rows[index]!.transactionDate.getTime() <= at; index++) {
    holding = step(holding, rows[index]!);
  }
  const then: Holding | null = holding;
  let available = then?.quantity ?? "0";
  // How many of today's shares one share at `at` has become (splits since).
  let ratio = "1";
  for (; index < rows.length; index++) {
    const row = rows[index]!;
    const before = holding;
    holding = step(holding, row);
    if (row.transactionType === "SPLIT" && before && !isZero(before.quantity)) {
      ratio = divide(multiply(ratio, fromStored(row.quantity)), before.quantity, 16);
    }
    const left = divide(holding?.quantity ?? "0", ratio, QUANTITY_PLACES);
    if (compare(left, available) < 0) available = left;
  }
  return { then, available };
}

/** The holding all the rows leave, in (date, id) order; null when nothing is left. */
function replayAll(rows: readonly HoldingRow[]): Holding | null {
  const holding = rows.reduce(step, null);
  return holding && !isZero(holding.quantity) ? holding : null;
}

export function transfersRepository(database: Database) {
  const { investmentAccounts, positions, transactions, users } = database.tables;

  const ofHolding = (request: HoldingTransferRequest, accountId: number) =>
    and(
      eq(transactions.userId, request.userId),
      eq(transactions.accountId, accountId),
      eq(transactions.type, request.assetType),
      eq(transactions.symbol, request.symbol),
    );

  function* rowsOf(tx: Db, request: HoldingTransferRequest, accountId: number) {
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
        .where(ofHolding(request, accountId))
        .orderBy(asc(transactions.transactionDate), asc(transactions.id)),
    );
  }

  function* hasLaterRows(tx: Db, request: HoldingTransferRequest, accountId: number) {
    const row = yield* first(
      tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            ofHolding(request, accountId),
            gt(transactions.transactionDate, request.transactionDate),
          ),
        )
        .limit(1),
    );
    return row !== undefined;
  }

  function* positionOf(
    tx: Db,
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
  function* writePosition(
    tx: Db,
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

  function* insertRow(
    tx: Db,
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

  return {
    /**
     * Moves a quantity of a holding from one of the user's accounts to another at its cost:
     * the source gives it up at its average cost at that date (no gain realized), the destination
     * takes it in at that cost. Under the user's lock, as trades are, so concurrent transfers and
     * sells can never take the source below zero, at that date or after it. Both accounts must
     * be the user's.
     */
    async transferHolding(request: HoldingTransferRequest): Promise<HoldingTransferOutcome> {
      return database.transaction(function* (tx): Work<HoldingTransferOutcome> {
        yield* locked(tx.select({ id: users.id }).from(users).where(eq(users.id, request.userId)));
        for (const accountId of [request.fromAccountId, request.toAccountId]) {
          if (!(yield* ownsAccount(tx, investmentAccounts, request.userId, accountId))) {
            return { ok: false, reason: "account_not_found" };
          }
        }
        const at = request.transactionDate.getTime();
        const source = yield* positionOf(tx, request, request.fromAccountId);
        const sourceLater = yield* hasLaterRows(tx, request, request.fromAccountId);
        // The usual case (a transfer dated now, or after the holding's last row): the position
        // is what was held then. A backdated one replays the source's rows to that date.
        let then: Holding | null;
        let available: Decimal;
        if (!sourceLater) {
          then = source
            ? {
                quantity: fromStored(source.quantity),
                averagePrice: fromStored(source.averagePrice),
              }
            : null;
          available = then?.quantity ?? "0";
        } else {
          ({ then, available } = replayAt(yield* rowsOf(tx, request, request.fromAccountId), at));
        }
        if (!then || compare(request.quantity, available) > 0) {
          return { ok: false, reason: "exceeds_holding", held: available };
        }
        const basisPerUnit = then.averagePrice;

        const outRow = yield* insertRow(
          tx,
          request,
          request.fromAccountId,
          "TRANSFER_OUT",
          basisPerUnit,
          null,
        );
        const inRow = yield* insertRow(
          tx,
          request,
          request.toAccountId,
          "TRANSFER_IN",
          basisPerUnit,
          outRow.id,
        );
        const out = yield* first(
          tx
            .update(transactions)
            .set({ pairedId: inRow.id })
            .where(eq(transactions.id, outRow.id))
            .returning(),
        );

        const sourceAfter = sourceLater
          ? replayAll(yield* rowsOf(tx, request, request.fromAccountId))
          : (() => {
              const sold = applySell(then, request.quantity);
              return sold.ok && !isZero(sold.holding.quantity) ? sold.holding : null;
            })();
        const openedAt = source?.openedAt ?? request.now;
        const from = yield* writePosition(
          tx,
          request,
          request.fromAccountId,
          source,
          sourceAfter,
          openedAt,
        );

        const destination = yield* positionOf(tx, request, request.toAccountId);
        const destinationAfter = (yield* hasLaterRows(tx, request, request.toAccountId))
          ? replayAll(yield* rowsOf(tx, request, request.toAccountId))
          : applyBuy(
              destination
                ? {
                    quantity: fromStored(destination.quantity),
                    averagePrice: fromStored(destination.averagePrice),
                  }
                : null,
              request.quantity,
              basisPerUnit,
              "0",
            );
        // A holding moved into an account that had none keeps the date it was first opened.
        const to = yield* writePosition(
          tx,
          request,
          request.toAccountId,
          destination,
          destinationAfter,
          destination?.openedAt ?? openedAt,
        );
        yield* markSnapshotsStale(request.userId, request.transactionDate, request);
        return {
          ok: true,
          out: toTransaction(out),
          in: toTransaction(inRow),
          from,
          to,
        };
      });
    },
  };
}

export type TransfersRepository = ReturnType<typeof transfersRepository>;
