import type { Decimal } from "@ledgerline/money";
import type { AssetType } from "../../schema";
import type { Position, Transaction } from "../portfolio/rows";

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
