import { investmentAccountMessages as messages } from "@ledgerline/contracts";
import { notFound } from "../platform/errors";
import type { UserScope } from "../platform/scope";

/** Which of the user's investment accounts a request means (trades, reads and their filters). */

/**
 * The account a trade or a read means: the one named, which must be the user's (404
 * otherwise, as for any other user's row), or the user's default account.
 */
export async function accountFor(scope: UserScope, accountId: number | undefined): Promise<number> {
  const { investmentAccounts } = scope.deps.repos;
  const account =
    accountId === undefined
      ? await investmentAccounts.findDefault(scope.user.id)
      : await investmentAccounts.findById(scope.user.id, accountId);
  if (!account) throw notFound(messages.notFound);
  return account.id;
}

/**
 * Whether the user keeps more than one account: only then do list rows say which account they
 * are in (`accountId`), so a one-account user's answers stay the spec's exactly.
 */
export async function keepsSeveralAccounts(scope: UserScope): Promise<boolean> {
  return (await scope.deps.repos.investmentAccounts.list(scope.user.id)).length > 1;
}

/** An optional account filter of a read: checked to be the user's when given. */
export async function accountFilterOf(
  scope: UserScope,
  accountId: number | undefined,
): Promise<number | undefined> {
  return accountId === undefined ? undefined : accountFor(scope, accountId);
}
