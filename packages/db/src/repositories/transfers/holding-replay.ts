import {
  applyBuy,
  applySell,
  compare,
  divide,
  fromStored,
  isZero,
  multiply,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import type { TransactionRow, TransactionType } from "../../schema";

/** A row as a replay of one holding reads it. */
export type HoldingRow = Pick<
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
export function replayAt(rows: readonly HoldingRow[], at: number) {
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
export function replayAll(rows: readonly HoldingRow[]): Holding | null {
  const holding = rows.reduce(step, null);
  return holding && !isZero(holding.quantity) ? holding : null;
}
