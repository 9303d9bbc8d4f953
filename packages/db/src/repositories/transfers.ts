import type { Database } from "../database";
import type { HoldingTransferRequest } from "./transfers/rows";
import { transferHolding } from "./transfers/transfer";

export { applyHoldingRow } from "./transfers/holding-replay";
export type { HoldingTransferOutcome, HoldingTransferRequest } from "./transfers/rows";

/**
 * A holding moved between two of a user's investment accounts (issue 31, decision 0033): two
 * transaction rows, TRANSFER_OUT in the source and TRANSFER_IN in the destination, with the same
 * date, quantity and price, the price being the average cost per unit the moved shares carried,
 * so each row's total is the cost basis that moved. Each row names the other (`pairedId`), which
 * is how a replay that follows lots (issue 32) finds where the source's lots went.
 */
export function transfersRepository(database: Database) {
  return {
    /** Moves a quantity of a holding between two of the user's accounts at its cost. */
    transferHolding: (request: HoldingTransferRequest) => transferHolding(database, request),
  };
}

export type TransfersRepository = ReturnType<typeof transfersRepository>;
