import type { Decimal } from "@ledgerline/money";
import type { InvestmentAccount } from "@ledgerline/db";
import type { UserScope } from "../platform/scope";

/**
 * Each account's cash balance, an exact decimal: the sum of its cash activities (deposits,
 * withdrawals, interest, fees, taxes, transfers) and, for an account with `cashTracked`, its
 * trades' and dividends' cash. Issue 31's cash activities are not recorded yet, so there is no
 * cash movement to add up and every balance is 0; this is where they are summed once they are.
 */
export async function cashBalances(
  _scope: UserScope,
  accounts: readonly InvestmentAccount[],
): Promise<Map<number, Decimal>> {
  return new Map(accounts.map((account) => [account.id, "0"]));
}
