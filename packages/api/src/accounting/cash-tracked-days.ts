import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { InvestmentAccount, PaidIncome } from "@ledgerline/db";
import type { Decimal } from "@ledgerline/money";
import { accountFirstDay, accountValueByDay } from "./account-days";
import { cashTrackedDays, type CashMovement } from "./account-flows";
import { incomePaid } from "./income";
import type { PeriodDay } from "./period-returns";
import { addDays, type ValuedDay } from "./portfolio-valuation";
import { cashBalances } from "../accounts/cash-balance";
import type { UserScope } from "../platform/scope";

/**
 * A cash-tracked account's days as its returns see them (account-flows.ts), read once here for
 * the Returns panel (performance.ts) and the value chart's return line (portfolio-summary.ts):
 * the two answers of one range must come from the same days, flows and dividends, or the chart
 * ends away from the panel's figure.
 */

/** The account when its cash is tracked; undefined for all accounts or an untracked one. */
export async function trackedAccount(
  scope: UserScope,
  accountId: number | undefined,
): Promise<InvestmentAccount | undefined> {
  if (accountId === undefined) return undefined;
  const account = await scope.deps.repos.investmentAccounts.findById(scope.user.id, accountId);
  return account?.cashTracked ? account : undefined;
}

/**
 * The day one account's returns start from (its ALL's first day): its first trade, or with its
 * cash tracked its first trade or cash activity, whichever came first; null when it has neither.
 */
export async function accountStartDay(
  scope: UserScope,
  accountId: number,
  tracked: InvestmentAccount | undefined,
  endDate: string,
): Promise<string | null> {
  const [traded, cashed] = await Promise.all([
    accountFirstDay(scope.deps, scope.user.id, accountId, endDate),
    tracked ? firstCashDay(scope, tracked.id, endDate) : Promise.resolve(null),
  ]);
  return earliest(traded, cashed);
}

const earliest = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : a < b ? a : b;

/** The day of the account's first cash activity (up to today), or null. */
async function firstCashDay(scope: UserScope, accountId: number, endDate: string) {
  const activities = await scope.deps.repos.cash.list(scope.user.id, { accountId, to: endDate });
  return activities.map((activity) => activity.date).sort()[0] ?? null;
}

export interface CashTrackedPeriod {
  /** The holdings' value at each close, from `startDate` to today. */
  days: ValuedDay[];
  /** The same days with the cash at each close in the value and its external flows. */
  withCash: PeriodDay[];
  movements: CashMovement[];
  /** Paid from the start day on: they stay in the account's cash. */
  dividends: PaidIncome[];
  unpricedSymbols: string[];
}

/** The account's days from the close of `startDate` to today (`endDate`, at `prices`). */
export async function cashTrackedPeriod(
  scope: UserScope,
  account: InvestmentAccount,
  startDate: string,
  endDate: string,
  prices: Map<string, Decimal>,
): Promise<CashTrackedPeriod> {
  const { deps, user } = scope;
  const dayBefore = addDays(startDate, -1);
  const [dividends, activities, before, { days, unpricedSymbols }] = await Promise.all([
    // From the start day on (the first close holds its cash too): `from` is exclusive.
    incomePaid(scope, { from: dayBefore, to: endDate }, account.id),
    deps.repos.cash.list(user.id, { accountId: account.id, from: startDate, to: endDate }),
    cashBalances(scope, [account], dayBefore),
    accountValueByDay(deps, user.id, account.id, startDate, endDate, prices),
  ]);
  const movements: CashMovement[] = activities.map(({ date, kind, amount }) => ({
    date,
    kind,
    amount,
  }));
  await yieldToEventLoop();
  const withCash = cashTrackedDays(
    days.map((day) => ({ ...day, value: day.totalValue })),
    before.get(account.id) ?? "0",
    movements,
    dividends,
  );
  return { days, withCash, movements, dividends, unpricedSymbols };
}
