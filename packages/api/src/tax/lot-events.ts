import type { LotTradeRow } from "@ledgerline/db";
import { newYorkDate } from "@ledgerline/market";
import { buyCost, sellProceeds } from "@ledgerline/money";
import type { LotEvent } from "./lot-engine";

/** A trade row as the lot engine replays it: dates in New York, a buy's cost and a sale's proceeds net of fees. */
export function lotEventOf(row: LotTradeRow): LotEvent {
  const base = {
    id: row.id,
    accountId: row.accountId,
    assetType: row.type,
    symbol: row.symbol,
    at: row.transactionDate.getTime(),
    date: newYorkDate(row.transactionDate.getTime()),
  };
  switch (row.transactionType) {
    case "BUY":
      return {
        ...base,
        kind: "buy",
        quantity: row.quantity,
        cost: buyCost(row.quantity, row.price, row.fee),
      };
    case "SELL":
      return {
        ...base,
        kind: "sell",
        quantity: row.quantity,
        proceeds: sellProceeds(row.quantity, row.price, row.fee),
        lots: row.lotSelections,
      };
    case "SPLIT":
      return { ...base, kind: "split", quantityAfter: row.quantity };
    // A transfer's two rows name each other; the out row's id names the move on both sides.
    case "TRANSFER_OUT":
      return { ...base, kind: "transfer-out", quantity: row.quantity, transferId: String(row.id) };
    case "TRANSFER_IN":
      return {
        ...base,
        kind: "transfer-in",
        quantity: row.quantity,
        cost: row.total,
        transferId: String(row.pairedId ?? row.id),
      };
  }
}
