import { cashCredits } from "@ledgerline/contracts";
import type { CashSums, InvestmentAccount } from "@ledgerline/db";
import { add, subtract, type Decimal } from "@ledgerline/money";
import { applyCorporateActions } from "../accounting/corporate-actions";
import { KeptByVersion } from "../platform/kept-by-version";
import type { UserScope } from "../platform/scope";

/**
 * Each account's cash balance, an exact decimal, computed and never stored (issue 31): the sum of
 * its cash activities (deposits, interest and transfers in add; withdrawals, fees, tax and
 * transfers out take) and, for an account with `cashTracked`, its trades' and dividends' cash:
 * each buy takes price x quantity + fee, each sell brings price x quantity - fee, each dividend
 * received its amount. It may be negative (brokers lend), and is answered so.
 */
export function cashBalanceOf(sums: CashSums, accountId: number, cashTracked: boolean): Decimal {
  let balance: Decimal = "0";
  for (const row of sums.activities) {
    if (row.accountId !== accountId) continue;
    balance = cashCredits.includes(row.kind)
      ? add(balance, row.total)
      : subtract(balance, row.total);
  }
  if (!cashTracked) return balance;
  for (const row of sums.trades) {
    if (row.accountId !== accountId) continue;
    balance =
      row.side === "BUY"
        ? subtract(balance, add(row.total, row.fee))
        : add(balance, subtract(row.total, row.fee));
  }
  for (const row of sums.income) {
    if (row.accountId === accountId) balance = add(balance, row.total);
  }
  return balance;
}

/**
 * Balances kept per user, set of accounts and day: a cash-tracked account's sums read every trade
 * it holds (~140 ms at 100,000 trades, bench/portfolio-history), for each allocation, rebalancing
 * and accounts list read.
 */
const kept = new KeptByVersion<Map<number, Decimal>>(64);

/**
 * The balances of some of the user's accounts, as of the end of the day `asOf` (YYYY-MM-DD, the
 * trades' days in UTC) or now: one aggregate query per table, whatever the rows' number. Kept
 * while the user's rows stand (decision 0051): every write to them (a trade, a cash activity, an
 * income entry, an account's settings) moves their data version and the next read sums again.
 */
export async function cashBalances(
  scope: UserScope,
  accounts: readonly InvestmentAccount[],
  asOf?: string,
): Promise<Map<number, Decimal>> {
  if (accounts.length === 0) return new Map();
  const { deps, user } = scope;
  // Dividends count once paid: the market's are written as income entries when read.
  if (accounts.some((account) => account.cashTracked)) {
    await applyCorporateActions(deps, user.id);
  }
  // Read after the dividends are written: their write moves it.
  const version = await deps.answers.dataVersion(user.id);
  const which = accounts.map((account) => `${account.id}${account.cashTracked ? "t" : ""}`);
  const balances = await kept.read(
    deps,
    `${user.id}:${asOf ?? "now"}:${which.join(",")}`,
    version,
    async () => {
      const sums = await deps.repos.cash.sums(user.id, {
        accountIds: accounts.map((account) => account.id),
        cashTracked: accounts.filter((account) => account.cashTracked).map((account) => account.id),
        ...(asOf === undefined ? {} : { asOf }),
      });
      return new Map(
        accounts.map((account) => [
          account.id,
          cashBalanceOf(sums, account.id, account.cashTracked),
        ]),
      );
    },
  );
  // A copy: callers may change theirs.
  return new Map(balances);
}
