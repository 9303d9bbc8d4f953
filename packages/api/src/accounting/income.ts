import type { Decimal } from "@ledgerline/money";
import { applyCorporateActions } from "./corporate-actions";
import type { PaidIncome } from "@ledgerline/db";
import type { UserScope } from "../platform/scope";

/**
 * The user's dividend income, in total or over the days `from` (exclusive) to `to` (inclusive)
 * of the pay dates. The one place the returns read income from: the income entries of issue
 * 15's corporate actions, brought up to date first (services/corporate-actions.ts), so edits
 * and deletions by the user count as they stand.
 */
export async function incomeOf(
  scope: UserScope,
  period?: { from: string; to: string },
): Promise<Decimal> {
  await applyCorporateActions(scope.deps, scope.user.id);
  return scope.deps.repos.corporateActions.incomeTotal(scope.user.id, period);
}

/** Each dividend paid over the days `from` (exclusive) to `to` (inclusive), oldest first. */
export async function incomePaid(
  scope: UserScope,
  period: { from: string; to: string },
  accountId?: number,
): Promise<PaidIncome[]> {
  await applyCorporateActions(scope.deps, scope.user.id);
  return scope.deps.repos.corporateActions.incomePaid(scope.user.id, period, accountId);
}
