import { dateOf } from "@ledgerline/clock";
import {
  investmentAccountMessages,
  transferMessages,
  type HoldingTransferInput,
  type HoldingTransferResult,
} from "@ledgerline/contracts";
import type { Position } from "@ledgerline/db";
import { applyCorporateActions } from "../accounting/corporate-actions";
import { scheduleSnapshotRefresh } from "../accounting/portfolio-snapshots";
import { utcDay } from "../accounting/portfolio-valuation";
import { badRequest, notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";
import { toPositionView } from "../trading/portfolio";
import { transactionView } from "../trading/transactions";
import { accountFor } from "./account-scope";

/**
 * Transfers between two of the user's investment accounts (issue 31, decision 0033). A holding
 * moves at the cost it carried: the source gives up the quantity at its average cost, the
 * destination takes it in at that cost, no gain is realized, and both rows (TRANSFER_OUT,
 * TRANSFER_IN) stand in the history.
 */

/**
 * The instant a transfer dated `day` is recorded at: now for today, the last millisecond of
 * the day for an earlier one (what the account held at the end of it). A later day is refused.
 */
function transferInstant(scope: UserScope, day: string): Date {
  const now = dateOf(scope.deps.clock);
  const today = utcDay(now.getTime());
  if (day > today) throw badRequest(transferMessages.dateInFuture);
  return day === today ? now : new Date(`${day}T23:59:59.999Z`);
}

/** Moves `quantity` of a holding from one of the user's accounts to another, at its cost. */
export async function transferHolding(
  scope: UserScope,
  input: HoldingTransferInput,
): Promise<HoldingTransferResult> {
  const { deps, user } = scope;
  // The same account twice is refused by the contract; each must be the user's (404).
  await accountFor(scope, input.fromAccountId);
  await accountFor(scope, input.toAccountId);
  const transactionDate = transferInstant(scope, input.date);
  const stock = input.assetType === "STOCK";
  // The quantity held is the one after any split since the last look.
  if (stock) await applyCorporateActions(deps, user.id, { symbols: [input.symbol] });
  const outcome = await deps.repos.transfers.transferHolding({
    userId: user.id,
    fromAccountId: input.fromAccountId,
    toAccountId: input.toAccountId,
    assetType: input.assetType,
    symbol: input.symbol,
    quantity: input.quantity,
    transactionDate,
    now: dateOf(deps.clock),
  });
  if (!outcome.ok) {
    if (outcome.reason === "account_not_found") {
      throw notFound(investmentAccountMessages.notFound);
    }
    throw badRequest(transferMessages.exceedsHolding(outcome.held, input.symbol, input.date));
  }
  // A transfer dated before a split is split in both accounts, as a buy dated before one is.
  let { from, to } = outcome;
  if (stock) {
    await applyCorporateActions(deps, user.id, { symbols: [input.symbol] });
    const positionIn = (accountId: number): Promise<Position | undefined> =>
      deps.repos.portfolio.findBySymbol(user.id, input.assetType, input.symbol, accountId);
    from = (await positionIn(input.fromAccountId)) ?? null;
    to = (await positionIn(input.toAccountId)) ?? null;
  }
  scheduleSnapshotRefresh(deps, user.id);
  return {
    transferOut: transactionView(outcome.out, true),
    transferIn: transactionView(outcome.in, true),
    fromPosition: from ? toPositionView(from, true) : null,
    toPosition: to ? toPositionView(to, true) : null,
  };
}
