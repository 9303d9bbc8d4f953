import {
  applyBuy,
  applySell,
  compare,
  fromStored,
  isZero,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import { eq } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { first, locked, type Database, type Work } from "../../database";
import type { PositionRow } from "../../schema";
import { ownsAccount } from "../investment-accounts/rows";
import { toTransaction } from "../portfolio/rows";
import { markSnapshotsStale } from "../snapshots";
import { replayAll, replayAt } from "./holding-replay";
import type { HoldingTransferOutcome, HoldingTransferRequest } from "./rows";
import { hasLaterRows, insertRow, positionOf, rowsOf, writePosition } from "./steps";

const held = (row: PositionRow | undefined): Holding | null =>
  row ? { quantity: fromStored(row.quantity), averagePrice: fromStored(row.averagePrice) } : null;

/**
 * The source's holding at the transfer's date and the most that may leave it. The usual case (a
 * transfer dated now, or after the holding's last row): the position is what was held then. A
 * backdated one replays the source's rows to that date.
 */
function* sourceAt(tx: Db, tables: Tables, request: HoldingTransferRequest) {
  const source = yield* positionOf(tx, tables, request, request.fromAccountId);
  const sourceLater = yield* hasLaterRows(tx, tables, request, request.fromAccountId);
  let then: Holding | null;
  let available: Decimal;
  if (!sourceLater) {
    then = held(source);
    available = then?.quantity ?? "0";
  } else {
    const rows = yield* rowsOf(tx, tables, request, request.fromAccountId);
    ({ then, available } = replayAt(rows, request.transactionDate.getTime()));
  }
  return { source, sourceLater, then, available };
}

/** Writes the TRANSFER_OUT and TRANSFER_IN rows, each naming the other. */
function* insertPair(tx: Db, tables: Tables, request: HoldingTransferRequest, basis: Decimal) {
  const { transactions } = tables;
  const { fromAccountId, toAccountId } = request;
  const outRow = yield* insertRow(tx, tables, request, fromAccountId, "TRANSFER_OUT", basis, null);
  const inRow = yield* insertRow(tx, tables, request, toAccountId, "TRANSFER_IN", basis, outRow.id);
  const out = yield* first(
    tx
      .update(transactions)
      .set({ pairedId: inRow.id })
      .where(eq(transactions.id, outRow.id))
      .returning(),
  );
  return { out, inRow };
}

/** The destination's position after the shares come in at `basis`, written. */
function* moveIn(
  tx: Db,
  tables: Tables,
  request: HoldingTransferRequest,
  basis: Decimal,
  openedAt: Date,
) {
  const accountId = request.toAccountId;
  const destination = yield* positionOf(tx, tables, request, accountId);
  const after = (yield* hasLaterRows(tx, tables, request, accountId))
    ? replayAll(yield* rowsOf(tx, tables, request, accountId))
    : applyBuy(held(destination), request.quantity, basis, "0");
  // A holding moved into an account that had none keeps the date it was first opened.
  const opened = destination?.openedAt ?? openedAt;
  return yield* writePosition(tx, tables, request, accountId, destination, after, opened);
}

/**
 * Moves a quantity of a holding from one of the user's accounts to another at its cost: the
 * source gives it up at its average cost at that date (no gain realized), the destination takes
 * it in at that cost. Under the user's lock, as trades are, so concurrent transfers and sells can
 * never take the source below zero, at that date or after it. Both accounts must be the user's.
 */
export function transferHolding(
  database: Database,
  request: HoldingTransferRequest,
): Promise<HoldingTransferOutcome> {
  const { tables } = database;
  const { investmentAccounts, users } = tables;
  return database.transaction(function* (tx): Work<HoldingTransferOutcome> {
    yield* locked(tx.select({ id: users.id }).from(users).where(eq(users.id, request.userId)));
    for (const accountId of [request.fromAccountId, request.toAccountId]) {
      if (!(yield* ownsAccount(tx, investmentAccounts, request.userId, accountId))) {
        return { ok: false, reason: "account_not_found" };
      }
    }
    const { source, sourceLater, then, available } = yield* sourceAt(tx, tables, request);
    if (!then || compare(request.quantity, available) > 0) {
      return { ok: false, reason: "exceeds_holding", held: available };
    }
    const basisPerUnit = then.averagePrice;
    const { out, inRow } = yield* insertPair(tx, tables, request, basisPerUnit);

    const sourceAfter = sourceLater
      ? replayAll(yield* rowsOf(tx, tables, request, request.fromAccountId))
      : (() => {
          const sold = applySell(then, request.quantity);
          return sold.ok && !isZero(sold.holding.quantity) ? sold.holding : null;
        })();
    const openedAt = source?.openedAt ?? request.now;
    const fromId = request.fromAccountId;
    const from = yield* writePosition(tx, tables, request, fromId, source, sourceAfter, openedAt);
    const to = yield* moveIn(tx, tables, request, basisPerUnit, openedAt);
    yield* markSnapshotsStale(request.userId, request.transactionDate, request);
    return { ok: true, out: toTransaction(out), in: toTransaction(inRow), from, to };
  });
}
