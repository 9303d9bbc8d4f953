import type { InvestmentAccount, PaidIncome } from "@ledgerline/db";
import { add, isZero, subtract, sum, type Decimal } from "@ledgerline/money";
import { accountIncome } from "./account-flows";
import { accountStartDay, cashTrackedPeriod } from "./cash-tracked-days";
import { incomePaid } from "./income";
import type { PeriodDay, PeriodReturns } from "./period-returns";
import { firstTradeDay, valueRange } from "./portfolio-snapshots";
import type { ValuedDay } from "./portfolio-valuation";
import type { UserScope } from "../platform/scope";
import { Turns } from "../platform/turns";

/**
 * All accounts together when one or more track their cash (issue 31, account-flows.ts): each
 * account under its own basis, added up day by day. The user's stored days are every account's
 * holdings with their trades as flows; a cash-tracked account adds its cash at each close to
 * their value and, as flows, swaps its trades for its deposits, withdrawals and cash transfers.
 * So only the tracked accounts are replayed (account-days.ts); the untracked ones are read from
 * the stored days as a user without cash tracking has them, and a cash transfer between two
 * tracked accounts is out of one and into the other on the same day: no flow of the whole.
 */

/** The user's accounts by how their returns see money; null when none tracks its cash. */
export interface AccountBases {
  tracked: InvestmentAccount[];
  untracked: InvestmentAccount[];
}

export async function accountBases(scope: UserScope): Promise<AccountBases | null> {
  const accounts = await scope.deps.repos.investmentAccounts.list(scope.user.id);
  const tracked = accounts.filter((account) => account.cashTracked);
  if (tracked.length === 0) return null;
  return { tracked, untracked: accounts.filter((account) => !account.cashTracked) };
}

/** Where ALL starts: the first trade of any account or cash activity of a tracked one. */
export async function allAccountsStartDay(
  scope: UserScope,
  bases: AccountBases,
  endDate: string,
): Promise<string | null> {
  const starts = await Promise.all([
    firstTradeDay(scope),
    ...bases.tracked.map((account) => accountStartDay(scope, account.id, account, endDate)),
  ]);
  return starts.filter((day): day is string => day !== null).sort()[0] ?? null;
}

export interface AllAccountsPeriod {
  /** The holdings' days (every account's, no cash): their value, basis and realized gain. */
  holdings: ValuedDay[];
  /** The same days with the tracked accounts' cash in the value and each day's external flow. */
  days: PeriodDay[];
  /** The tracked accounts' cash at each close, beside `holdings`. */
  cash: Decimal[];
  /** By day: the tracked accounts' deposits, withdrawals and transfers; the others' trades. */
  cashFlows: Map<string, Decimal>;
  tradeFlows: Map<string, Decimal>;
  /** The untracked accounts' dividends: they leave the portfolio for the investor. */
  dividends: PaidIncome[];
  /** The tracked accounts' income over the period: dividends and interest less fees and tax. */
  trackedIncome: Decimal;
  unpricedSymbols: string[];
}

/** Every account's days from the close of `startDate` to today (`endDate`, at `prices`). */
export async function allAccountsPeriod(
  scope: UserScope,
  bases: AccountBases,
  startDate: string,
  endDate: string,
  prices: Map<string, Decimal>,
): Promise<AllAccountsPeriod> {
  const turns = new Turns();
  const whole = await valueRange(scope, startDate, endDate, prices);
  if (turns.due()) await turns.next();
  const extra = new Map<string, { cash: Decimal[]; flow: Decimal[]; trades: Decimal[] }>();
  const incomes: Decimal[] = [];
  // One account at a time: each may replay a third of a heavy trader's history.
  for (const account of bases.tracked) {
    const period = await cashTrackedPeriod(scope, account, startDate, endDate, prices);
    incomes.push(accountIncome("cash", startDate, endDate, period.movements, period.dividends));
    period.withCash.forEach((day, index) => {
      const held = period.days[index]!;
      const found = extra.get(day.date) ?? { cash: [], flow: [], trades: [] };
      found.cash.push(subtract(day.value, held.totalValue));
      // A holding moved between accounts stays in the whole: no flow of it, and no trade.
      const transferred = held.moved ?? "0";
      found.flow.push(subtract(day.flow, transferred));
      found.trades.push(subtract(held.flow, transferred));
      extra.set(day.date, found);
    });
    if (turns.due()) await turns.next();
  }
  const dividends = (
    await Promise.all(
      bases.untracked.map((account) =>
        incomePaid(scope, { from: startDate, to: endDate }, account.id),
      ),
    )
  )
    .flat()
    .sort((a, b) => (a.payDate < b.payDate ? -1 : a.payDate > b.payDate ? 1 : 0));

  const days: PeriodDay[] = [];
  const cash: Decimal[] = [];
  const cashFlows = new Map<string, Decimal>();
  const tradeFlows = new Map<string, Decimal>();
  for (const day of whole.days) {
    const found = extra.get(day.date);
    const held = found ? sum(found.cash) : "0";
    const external = found ? sum(found.flow) : "0";
    // The untracked accounts' trades: every account's less the tracked ones'.
    const trades = found ? subtract(day.flow, sum(found.trades)) : day.flow;
    if (!isZero(external)) cashFlows.set(day.date, external);
    if (!isZero(trades)) tradeFlows.set(day.date, trades);
    cash.push(held);
    days.push({
      date: day.date,
      value: add(day.totalValue, held),
      flow: add(trades, external),
      realized: day.realized,
    });
    if (turns.due()) await turns.next();
  }
  return {
    holdings: whole.days,
    days,
    cash,
    cashFlows,
    tradeFlows,
    dividends,
    trackedIncome: sum(incomes),
    unpricedSymbols: whole.unpricedSymbols,
  };
}

/**
 * The explanation's flows of all accounts: each day's flow split into the untracked accounts'
 * trades and the tracked accounts' cash, beside the dividends paid out. The first day's are
 * inside its close, as periodReturns counts them.
 */
export function splitFlows(
  period: AllAccountsPeriod,
  flows: PeriodReturns["flows"],
): PeriodReturns["flows"] {
  const dated = new Set(flows.filter((flow) => flow.kind === "trades").map((flow) => flow.date));
  const split: PeriodReturns["flows"] = [];
  for (const flow of flows) {
    if (flow.kind !== "trades") {
      split.push(flow);
      continue;
    }
    if (!dated.delete(flow.date)) continue;
    const trades = period.tradeFlows.get(flow.date);
    const cash = period.cashFlows.get(flow.date);
    if (trades) split.push({ date: flow.date, amount: trades, kind: "trades", symbol: null });
    if (cash) split.push({ date: flow.date, amount: cash, kind: "cash", symbol: null });
  }
  return split;
}
