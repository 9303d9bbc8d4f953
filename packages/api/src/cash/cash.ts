import { dateOf } from "@ledgerline/clock";
import {
  cashMessages as messages,
  dateInFuture,
  investmentAccountMessages,
  transferMessages,
  type CashActivity,
  type CashListQuery,
  type CashTransferInput,
  type CashTransferResult,
  type CreateCashActivityInput,
  type DeletedCashActivity,
  type UpdateCashActivityInput,
} from "@ledgerline/contracts";
import type { CashActivityRecord, CashWriteOutcome } from "@ledgerline/db";
import { accountFilterOf } from "../accounts/account-scope";
import { badRequest, conflict, notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";

/**
 * Cash activities of the user's investment accounts (issue 31): deposits, withdrawals, interest,
 * account fees and tax withheld, and the sides of cash transfers. The rows are the db package's
 * `cash` repository's; the rules (whose rows, which dates) are here.
 */

export function toCashView(row: CashActivityRecord): CashActivity {
  return {
    id: row.id,
    accountId: row.accountId,
    type: row.kind,
    amount: row.amount,
    date: row.date,
    notes: row.notes,
    transferId: row.transferId,
  };
}

/**
 * Cash moved on a day that has come: up to tomorrow in UTC, which is today somewhere (UTC+14),
 * as for an income entry (decision 0019).
 */
export function assertCashDateReached(date: string, now: Date): void {
  const latest = new Date(now.getTime() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  if (date > latest) throw badRequest(dateInFuture(messages.dateLabel));
}

function written(outcome: CashWriteOutcome): CashActivity {
  if (outcome.ok) return toCashView(outcome.activity);
  switch (outcome.reason) {
    case "not_found":
      throw notFound(messages.notFound);
    case "account_not_found":
      throw notFound(investmentAccountMessages.notFound);
    case "transfer":
      throw conflict(messages.transferChangedAlone);
  }
}

/** The user's cash activities, newest first: of one account (theirs, else 404) or all. */
export async function listCash(scope: UserScope, query: CashListQuery): Promise<CashActivity[]> {
  const accountId = await accountFilterOf(scope, query.accountId);
  const rows = await scope.deps.repos.cash.list(scope.user.id, {
    ...(accountId === undefined ? {} : { accountId }),
    ...(query.from === undefined ? {} : { from: query.from }),
    ...(query.to === undefined ? {} : { to: query.to }),
  });
  return rows.map(toCashView);
}

export async function createCash(
  scope: UserScope,
  input: CreateCashActivityInput,
): Promise<CashActivity> {
  const now = dateOf(scope.deps.clock);
  assertCashDateReached(input.date, now);
  return written(await scope.deps.repos.cash.create(scope.user.id, input, now));
}

export async function updateCash(
  scope: UserScope,
  input: UpdateCashActivityInput,
): Promise<CashActivity> {
  const { id, ...fields } = input;
  const now = dateOf(scope.deps.clock);
  assertCashDateReached(fields.date, now);
  return written(await scope.deps.repos.cash.update(scope.user.id, id, fields, now));
}

/**
 * Moves cash between two of the user's accounts (decision 0034): a `transfer-out` of the source
 * and a `transfer-in` of the destination, written together. The contract refuses the same
 * account twice; the repository checks both are the user's under the user's lock (404).
 */
export async function transferCash(
  scope: UserScope,
  input: CashTransferInput,
): Promise<CashTransferResult> {
  const now = dateOf(scope.deps.clock);
  assertCashDateReached(input.date, now);
  const outcome = await scope.deps.repos.cash.createTransfer(scope.user.id, input, now);
  if (outcome.ok) {
    return { transferOut: toCashView(outcome.out), transferIn: toCashView(outcome.in) };
  }
  if (outcome.reason === "same_account") throw badRequest(transferMessages.sameAccount);
  throw notFound(investmentAccountMessages.notFound);
}

/** Deletes an activity of the user; a side of a transfer takes the other side with it. */
export async function deleteCash(scope: UserScope, id: number): Promise<DeletedCashActivity> {
  const deleted = await scope.deps.repos.cash.delete(scope.user.id, id);
  if (deleted === 0) throw notFound(messages.notFound);
  return { ok: true, deleted };
}
