import { dateOf } from "@ledgerline/clock";
import {
  investmentAccountMessages as messages,
  MAX_INVESTMENT_ACCOUNTS,
  type CreateInvestmentAccountInput,
  type DeletedInvestmentAccount,
  type DeleteInvestmentAccountInput,
  type InvestmentAccount,
  type UpdateInvestmentAccountInput,
} from "@ledgerline/contracts";
import type { InvestmentAccount as AccountRow, MoveRules } from "@ledgerline/db";
import { add, applyBuy } from "@ledgerline/money";
import { replayAccountsAhead } from "../accounting/account-days";
import { applyCorporateActions } from "../accounting/corporate-actions";
import { scheduleSnapshotRefresh } from "../accounting/portfolio-snapshots";
import { badRequest, conflict, notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";
import { cashBalances } from "./cash-balance";

/**
 * A person's investment accounts (issue 31): listing, creating, changing and deleting them, and
 * which account a trade or a read means. The rows are read and written by the db package's
 * investmentAccounts repository; the rules are here.
 */

function toView(account: AccountRow, cashBalance: string): InvestmentAccount {
  return {
    id: account.id,
    name: account.name,
    type: account.type,
    institution: account.institution,
    cashTracked: account.cashTracked,
    cashBalance,
    costBasisMethod: account.costBasisMethod,
    isDefault: account.isDefault,
    displayOrder: account.displayOrder,
  };
}

/** The user's accounts in display order, each with its cash balance. */
export async function listInvestmentAccounts(scope: UserScope): Promise<InvestmentAccount[]> {
  const accounts = await scope.deps.repos.investmentAccounts.list(scope.user.id);
  replayAccountsAhead(
    scope.deps,
    scope.user.id,
    accounts.map((account) => account.id),
  );
  const balances = await cashBalances(scope, accounts);
  return accounts.map((account) => toView(account, balances.get(account.id) ?? "0"));
}

async function answer(scope: UserScope, account: AccountRow): Promise<InvestmentAccount> {
  const balances = await cashBalances(scope, [account]);
  return toView(account, balances.get(account.id) ?? "0");
}

function refused(reason: "not_found" | "name_taken" | "too_many"): never {
  switch (reason) {
    case "not_found":
      throw notFound(messages.notFound);
    case "name_taken":
      throw conflict(messages.nameTaken);
    case "too_many":
      throw badRequest(messages.tooMany);
  }
}

export async function createInvestmentAccount(
  scope: UserScope,
  input: CreateInvestmentAccountInput,
): Promise<InvestmentAccount> {
  const outcome = await scope.deps.repos.investmentAccounts.create(
    scope.user.id,
    {
      name: input.name,
      type: input.type,
      institution: input.institution ?? null,
      cashTracked: input.cashTracked,
      costBasisMethod: input.costBasisMethod,
      ...(input.displayOrder === undefined ? {} : { displayOrder: input.displayOrder }),
    },
    { now: dateOf(scope.deps.clock), limit: MAX_INVESTMENT_ACCOUNTS },
  );
  if (!outcome.ok) refused(outcome.reason);
  return answer(scope, outcome.account);
}

export async function updateInvestmentAccount(
  scope: UserScope,
  input: UpdateInvestmentAccountInput,
): Promise<InvestmentAccount> {
  const { id, ...changes } = input;
  const defined = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  const outcome = await scope.deps.repos.investmentAccounts.update(scope.user.id, id, defined);
  if (!outcome.ok) refused(outcome.reason);
  return answer(scope, outcome.account);
}

/** A deleted account's answer (a catalog message, decision 0070). */
export const accountDeleted = "Account deleted";

/**
 * How an account's rows join another's when it is deleted with `moveToAccountId`: two holdings
 * of one symbol become one at their combined average cost (as buying the moved quantity at its
 * average price would make it), and two entries of one dividend add up.
 */
export const moveRules: MoveRules = {
  mergeHolding: (into, from) => applyBuy(into, from.quantity, from.averagePrice),
  mergeIncome: (into, from) => ({
    quantity: add(into.quantity, from.quantity),
    total: add(into.total, from.total),
  }),
};

/**
 * Deletes an account of the user. One that holds positions or activity is refused (409) unless
 * `moveToAccountId` names another account of the user: its positions, trades, split rows,
 * income and cash activities then move there first, and the symbols moved have their splits replayed there. The
 * only account cannot be deleted; a deleted default hands the default on.
 */
export async function deleteInvestmentAccount(
  scope: UserScope,
  input: DeleteInvestmentAccountInput,
): Promise<DeletedInvestmentAccount> {
  const { deps, user } = scope;
  if (input.moveToAccountId === input.id) throw badRequest(messages.moveToSelf);
  const outcome = await deps.repos.investmentAccounts.delete(user.id, input.id, {
    ...(input.moveToAccountId === undefined ? {} : { moveTo: input.moveToAccountId }),
    rules: moveRules,
    now: dateOf(deps.clock),
  });
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "not_found":
        throw notFound(messages.notFound);
      case "target_not_found":
        throw notFound(messages.moveTargetNotFound);
      case "holds_activity":
        throw conflict(messages.holdsActivity);
      case "only_account":
        throw conflict(messages.onlyAccount);
    }
  }
  const stocks = outcome.movedSymbols
    .filter((moved) => moved.assetType === "STOCK")
    .map((moved) => moved.symbol);
  if (stocks.length > 0) await applyCorporateActions(deps, user.id, { symbols: stocks });
  if (outcome.movedSymbols.length > 0) scheduleSnapshotRefresh(deps, user.id);
  return {
    message: accountDeleted,
    movedToAccountId:
      outcome.movedSymbols.length > 0 || outcome.movedCash > 0
        ? (input.moveToAccountId ?? null)
        : null,
  };
}
