import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import {
  BENCHMARK_SYMBOL,
  type AccountFilter,
  type PerformanceRange,
  type PerformanceExplanation,
  type PortfolioPerformanceDetail,
} from "@ledgerline/contracts";
import type { InvestmentAccount, SnapshotState } from "@ledgerline/db";
import { add, subtract } from "@ledgerline/money";
import { benchmarkReturns } from "./benchmark";
import { incomePaid } from "./income";
import { keptPeriod } from "./kept-periods";
import { closePeriod, periodFigures, periodReturns, type PeriodReturns } from "./period-returns";
import { currentPrices } from "./portfolio-summary";
import { currentState, firstTradeDay, valuedToday, valueRange } from "./portfolio-snapshots";
import { startOf } from "./period-start";
import { utcDay, type ValuedDay } from "./portfolio-valuation";
import { accountPeriodReturns } from "./account-days";
import { accountIncome, withHoldingMoves } from "./account-flows";
import { accountStartDay, cashTrackedPeriod, trackedAccount } from "./cash-tracked-days";
import { methodRealized, withRealized } from "./method-realized";
import {
  accountBases,
  allAccountsPeriod,
  allAccountsStartDay,
  splitFlows,
  type AccountBases,
} from "./all-accounts-days";
import { accountFilterOf } from "../accounts/account-scope";
import type { UserScope } from "../platform/scope";

/**
 * The returns over a period (issue 15): time- and money-weighted, realized and unrealized gain,
 * income and the benchmark's return over the same days, with what each is computed from.
 */

export async function portfolioPerformance(
  scope: UserScope,
  range: PerformanceRange,
  filter: AccountFilter = {},
): Promise<PortfolioPerformanceDetail> {
  const { deps } = scope;
  const now = deps.market.clock.now();
  const endDate = utcDay(now);
  const accountId = await accountFilterOf(scope, filter.accountId);
  // One account's days are its own trades replayed (account-days.ts): the stored snapshots are
  // the user's whole. A cash-tracked account's returns count its cash (account-flows.ts): it
  // starts with its first trade or cash activity.
  const tracked = await trackedAccount(scope, accountId);
  // All accounts, one or more of them tracking cash: each under its own basis (all-accounts-days.ts).
  const bases = accountId === undefined ? await accountBases(scope) : null;
  const firstTraded = bases
    ? await allAccountsStartDay(scope, bases, endDate)
    : accountId === undefined
      ? await firstTradeDay(scope)
      : await accountStartDay(scope, accountId, tracked, endDate);
  const startDate = startOf(range, now, firstTraded ?? endDate);

  const state =
    firstTraded === null || accountId !== undefined || bases ? null : await currentState(scope);
  const [{ first, last, returns }, benchmark, realized] = await Promise.all([
    bases && firstTraded !== null
      ? allAccountsReturns(scope, bases, startDate, endDate)
      : tracked && firstTraded !== null
        ? cashTrackedReturns(scope, tracked, startDate, endDate)
        : accountId !== undefined
          ? accountReturns(scope, firstTraded, accountId, startDate, endDate)
          : state && startDate < endDate
            ? keptReturns(scope, state, startDate, endDate)
            : replayedReturns(scope, firstTraded, startDate, endDate),
    benchmarkReturns(deps, startDate, [endDate]),
    methodRealized(scope, accountId, startDate),
  ]);
  const unrealizedAt = (day: ValuedDay | undefined) =>
    day ? subtract(day.totalValue, day.costBasis) : "0";
  const unrealizedGain = subtract(unrealizedAt(last), unrealizedAt(first));
  const figures = periodFigures(returns, unrealizedGain);

  return {
    range,
    startDate,
    endDate,
    ...(realized.lots ? withRealized(figures, realized.lots.total) : figures),
    benchmark: {
      symbol: BENCHMARK_SYMBOL,
      timeWeightedReturn: benchmark.returns.get(endDate) ?? null,
    },
    explanation: {
      flows: returns.flows,
      flowSources: await flowSourcesOf(
        scope,
        accountId,
        tracked !== undefined,
        returns.flows,
        bases,
      ),
      realizedMethods: realized.methods,
      subPeriods: returns.subPeriods,
      cashFlows: returns.cashFlows,
      benchmark: {
        startClose: benchmark.startClose,
        endClose: benchmark.endClose,
        dividends: benchmark.dividends,
      },
    },
  };
}

/** The returns, and the period's first and last days (their unrealized gain). */
interface ReturnsRead {
  first: ValuedDay | undefined;
  last: ValuedDay | undefined;
  returns: PeriodReturns;
}

/** From the stored days worked through yesterday (kept-periods.ts), closed with today's. */
async function keptReturns(
  scope: UserScope,
  state: SnapshotState,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const [prices, dividends] = await Promise.all([
    currentPrices(scope),
    incomePaid(scope, { from: startDate, to: endDate }),
  ]);
  const [kept, today] = await Promise.all([
    keptPeriod(scope.deps, scope.user.id, state, startDate, endDate, dividends),
    valuedToday(scope, startDate, endDate, prices),
  ]);
  const last = today.day;
  return {
    first: kept.first,
    last,
    returns: closePeriod(kept.open, { ...last, value: last.totalValue }),
  };
}

/** One account's returns: its own days (account-days.ts, kept), its own dividends. */
async function accountReturns(
  scope: UserScope,
  firstTraded: string | null,
  accountId: number,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const [prices, dividends] = await Promise.all([
    currentPrices(scope),
    incomePaid(scope, { from: startDate, to: endDate }, accountId),
  ]);
  if (firstTraded === null)
    return { first: undefined, last: undefined, returns: periodReturns([], dividends) };
  return accountPeriodReturns(
    scope.deps,
    scope.user.id,
    accountId,
    startDate,
    endDate,
    prices,
    dividends,
  );
}

/** Every day of the period valued (a replay while the snapshots are not current), then its returns. */
async function replayedReturns(
  scope: UserScope,
  firstTraded: string | null,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const [valuation, dividends] = await Promise.all([
    firstTraded === null
      ? Promise.resolve({ days: [] as ValuedDay[] })
      : currentPrices(scope).then((prices) => valueRange(scope, startDate, endDate, prices)),
    incomePaid(scope, { from: startDate, to: endDate }),
  ]);
  const days = valuation.days;
  // Reading and computing a long period each take tens of milliseconds without an await that
  // waits: other requests get their turn between the two.
  await yieldToEventLoop();
  const returns = periodReturns(
    days.map((day) => ({ ...day, value: day.totalValue })),
    dividends,
  );
  return { first: days[0], last: days.at(-1), returns };
}

/**
 * All accounts with one or more tracking cash (all-accounts-days.ts): the tracked ones' cash in
 * the value and their deposits and withdrawals as flows, the others' trades as flows and their
 * dividends paid out; the income is those dividends and the tracked accounts' own income.
 */
async function allAccountsReturns(
  scope: UserScope,
  bases: AccountBases,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const prices = await currentPrices(scope);
  const period = await allAccountsPeriod(scope, bases, startDate, endDate, prices);
  await yieldToEventLoop();
  const returns = periodReturns(period.days, period.dividends);
  return {
    first: period.holdings[0],
    last: period.holdings.at(-1),
    returns: {
      ...returns,
      income: add(returns.income, period.trackedIncome),
      flows: splitFlows(period, returns.flows),
    },
  };
}

/**
 * Whose flows these are: the account's, or every account's, each counted by its trades or, its
 * cash tracked, by its deposits, withdrawals and cash transfers (account-flows.ts).
 */
async function flowSourcesOf(
  scope: UserScope,
  accountId: number | undefined,
  tracked: boolean,
  flows: PeriodReturns["flows"],
  bases: AccountBases | null,
): Promise<PerformanceExplanation["flowSources"]> {
  if (bases) {
    const named = (accounts: AccountBases["tracked"]) =>
      accounts.map((account) => ({ id: account.id, name: account.name }));
    const days = (kind: "trades" | "cash") =>
      new Set(flows.filter((flow) => flow.kind === kind).map((flow) => flow.date)).size;
    return [
      ...(bases.untracked.length > 0
        ? [{ basis: "trades" as const, accounts: named(bases.untracked), count: days("trades") }]
        : []),
      { basis: "cash" as const, accounts: named(bases.tracked), count: days("cash") },
    ];
  }
  const accounts = await scope.deps.repos.investmentAccounts.list(scope.user.id);
  const named = accounts
    .filter((account) => accountId === undefined || account.id === accountId)
    .map((account) => ({ id: account.id, name: account.name }));
  const basis = tracked ? "cash" : "trades";
  const count = flows.filter((flow) => flow.kind === basis).length;
  return [{ basis, accounts: named, count }];
}

/**
 * A cash-tracked account's returns (account-flows.ts): its holdings' days with its cash at each
 * close, its deposits, withdrawals and cash transfers as the flows; its dividends stay in it, and
 * its income is its dividends and interest less its fees and tax.
 */
async function cashTrackedReturns(
  scope: UserScope,
  account: InvestmentAccount,
  startDate: string,
  endDate: string,
): Promise<ReturnsRead> {
  const prices = await currentPrices(scope);
  const { days, withCash, movements, dividends } = await cashTrackedPeriod(
    scope,
    account,
    startDate,
    endDate,
    prices,
  );
  const returns = periodReturns(withCash, []);
  return {
    first: days[0],
    last: days.at(-1),
    returns: {
      ...returns,
      income: accountIncome("cash", startDate, endDate, movements, dividends),
      flows: withHoldingMoves(returns.flows, days, "cash"),
    },
  };
}
