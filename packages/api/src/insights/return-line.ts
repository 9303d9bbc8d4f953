import type { PortfolioHistoryPoint } from "@ledgerline/contracts";
import { add, type Decimal } from "@ledgerline/money";
import {
  accountBases,
  allAccountsStartDay,
  type AccountBases,
} from "../accounting/all-accounts-days";
import { benchmarkReturns } from "../accounting/benchmark";
import { applyCorporateActions } from "../accounting/corporate-actions";
import {
  comparedHistory,
  pointOf,
  type ChartDay,
  type ReturnDays,
} from "../accounting/history-benchmark";
import { accountValueByDay } from "../accounting/account-days";
import { accountStartDay, trackedAccount } from "../accounting/cash-tracked-days";
import { accountFilterOf } from "../accounts/account-scope";
import { incomePaid } from "../accounting/income";
import { closeTimeWeighted, openPeriod, type OpenPeriod } from "../accounting/period-returns";
import { currentState, valuedToday } from "../accounting/portfolio-snapshots";
import {
  allAccountsChart,
  chartRange,
  trackedChart,
  currentPrices,
  portfolioHistory,
} from "../accounting/portfolio-summary";
import { addDays, NOTHING_HELD, utcDay } from "../accounting/portfolio-valuation";
import { storedDays } from "../accounting/stored-days";
import { KeptByVersion } from "../platform/kept-by-version";
import type { UserScope } from "../platform/scope";

/** A close of the return line: its time-weighted return from the range's start. */
export type ReturnClose = PortfolioHistoryPoint & { timeWeightedReturn: Decimal };

type ReturnLineInput = Pick<Parameters<typeof portfolioHistory>[1], "range" | "accountId">;

interface ReturnLine {
  held: ReturnClose[];
  spy: Map<string, Decimal>;
}

const isReturnClose = (point: PortfolioHistoryPoint): point is ReturnClose =>
  typeof point.timeWeightedReturn === "string";

/**
 * Lines kept (a user's ranges and accounts count apart): ALL over five years of a heavy trader is
 * ~1,800 closes, ~60 ms to build at 100,000 trades (bench/portfolio-history), read by the month
 * grid and the risk card alike. Kept whole, for a line not kept up to yesterday (pastLines).
 */
const lines = new KeptByVersion<ReturnLine>(32);

/** The line up to yesterday, for a read to add today's close to (decision 0051). */
interface PastLine {
  /** The closes before today that have a return. */
  held: ReturnClose[];
  /** SPY's total return at each chart day before today; null where it has no close. */
  spy: [string, Decimal | null][];
  /** The close SPY's returns run from, and whether it has one. */
  spyStart: string;
  spyStarts: boolean;
  /** The time-weighted return worked through yesterday, as the Returns panel keeps its own. */
  open: OpenPeriod;
  /** Where today's close looks back from for a price (valuedToday), as the chart's read does. */
  from: string;
  /** One account's line: today's close is its own (accountValueByDay). */
  accountId?: number;
  /**
   * With tracked cash: the tracked accounts' cash at today's close and today's flow of all
   * accounts (their deposits and withdrawals, the others' trades). Neither moves with a quote:
   * the cash is what the movements and the trades at their own prices left.
   */
  todaysCash?: { value: Decimal; flow: Decimal };
}

/** null: the chart starts today, nothing before it to keep. */
const pastLines = new KeptByVersion<PastLine | null>(32);

/**
 * The value chart's return line over a range (`portfolioHistory` with the "return" basis), what
 * the month grid and the risk figures are worked from: the closes that have a return, and SPY's
 * total return from the same start by date. Figure for figure the chart's.
 *
 * The user's days stored through yesterday: the line up to yesterday (of all accounts, or of the
 * one asked for) is kept while the user's data, the stored days and the day stand, and each read
 * adds today's close at the current prices (closeTimeWeighted, as the Returns panel closes its
 * kept period), so a quote that moves does not build the past again; with tracked cash, today's
 * cash is kept with the past (no quote moves it) and added to the holdings' value. Otherwise the
 * whole line is kept while the user's data, the market's quotes (their generation) and the day
 * stand; the current prices are asked for first, so a quote past its freshness is loaded again
 * and moves the generation, as a read that builds the line would.
 */
export async function returnLineOf(
  scope: UserScope,
  { range, accountId }: ReturnLineInput,
): Promise<ReturnLine> {
  const { deps, user } = scope;
  const prices = await currentPrices(scope);
  const today = utcDay(deps.market.clock.now());
  const past = await pastLineOf(scope, range, accountId, today, prices);
  if (past) {
    const [holdings, spyToday] = await Promise.all([
      past.accountId === undefined
        ? valuedToday(scope, past.from, today, prices).then((valued) => valued.day)
        : // The account's replay is kept (account-days.ts): today is its ledger at the prices.
          accountValueByDay(deps, user.id, past.accountId, today, today, prices).then((valued) =>
            valued.days.at(-1)!,
          ),
      benchmarkReturns(deps, past.spyStart, [today]),
    ]);
    // The holdings at the current prices, and the tracked cash beside them as the chart adds it.
    const cash = past.todaysCash;
    const day: ChartDay = cash
      ? {
          ...holdings,
          totalValue: add(holdings.totalValue, cash.value),
          flow: cash.flow,
          cashValue: cash.value,
        }
      : holdings;
    const twr = closeTimeWeighted(past.open, { ...day, value: day.totalValue }).timeWeightedReturn;
    const held =
      twr === null ? past.held : [...past.held, { ...pointOf(day), timeWeightedReturn: twr }];
    // As the chart: SPY beside it only with a close on its start and every day.
    const spy: [string, Decimal | null][] = [
      ...past.spy,
      [today, spyToday.returns.get(today) ?? null],
    ];
    const whole = past.spyStarts && spy.every(([, value]) => value !== null);
    return { held, spy: whole ? new Map(spy as [string, Decimal][]) : new Map<string, Decimal>() };
  }
  const version = await deps.answers.version(user, "own-data");
  return lines.read(
    deps,
    `${user.id}:${accountId ?? "all"}:${range}`,
    version === undefined ? undefined : `${version} ${today}`,
    async () => {
      const history = await portfolioHistory(scope, { range, benchmark: "return", accountId });
      const held = history.points.filter(isReturnClose);
      const spy = new Map(history.benchmark?.points.map((point) => [point.date, point.value]));
      return { held, spy };
    },
  );
}

/**
 * The line of all accounts, or of one, up to yesterday; null where it is not kept so: the stored
 * days do not reach yesterday, the chart starts today, or the versions cannot be read. With an
 * account tracking its cash, the line is worked with the cash (all-accounts-days.ts): its start,
 * and which accounts track cash, stand with the user's data versions, under which it is kept.
 */
async function pastLineOf(
  scope: UserScope,
  range: ReturnLineInput["range"],
  accountId: number | undefined,
  today: string,
  prices: Map<string, Decimal>,
): Promise<PastLine | null> {
  const { deps, user } = scope;
  // The market's dividends (and splits) are written when read: first, so that their write moves
  // the versions before they are read, not after the line is built under them.
  await applyCorporateActions(deps, user.id);
  const state = await currentState(scope);
  if (!state?.firstDay) return null;
  const now = deps.market.clock.now();
  const version = await deps.answers.dataVersion(user.id);
  if (version === undefined) return null;
  const slot = `${user.id}:${accountId ?? "all"}:${range}`;
  const kept = `${version} ${state.version}:${state.valuedThrough} ${today}`;
  if (accountId !== undefined) {
    return pastLines.read(deps, slot, kept, () =>
      pastOfAccount(scope, accountId, range, today, prices),
    );
  }
  const bases = await accountBases(scope);
  if (bases) {
    return pastLines.read(deps, slot, kept, () => pastWithCash(scope, bases, range, today, prices));
  }
  const { from, periodStart } = chartRange(range, now, state.firstDay);
  if (from >= today) return null;
  return pastLines.read(deps, slot, kept, async () => {
    // The chart's own line, its closes before today: none of them moves with today's close.
    const history = await portfolioHistory(scope, { range, benchmark: "return" });
    const pastPoints = history.points.filter((point) => point.date < today);
    const days = await storedDays(deps, user.id, from, addDays(today, -1));
    // The dividends the chart counted, today's among them (one can count on an earlier sale).
    const dividends = await incomePaid(scope, { from: periodStart, to: today });
    const first = days[0]!;
    // From the eve of the first trade, as the chart's return line (history-benchmark.ts).
    const eve = periodStart < first.date ? [{ ...first, ...NOTHING_HELD, date: periodStart }] : [];
    const open = openPeriod(
      [...eve, ...days].map((day) => ({ ...day, value: day.totalValue })),
      dividends,
      today,
    );
    return withSpy(deps, pastPoints, eve[0]?.date ?? first.date, today, { open, from });
  });
}

/** The closes before today beside SPY's return to each from `spyStart`'s close. */
async function withSpy(
  deps: UserScope["deps"],
  pastPoints: PortfolioHistoryPoint[],
  spyStart: string,
  today: string,
  rest: Pick<PastLine, "open" | "from" | "todaysCash">,
): Promise<PastLine> {
  // Through today, as the chart asks: a close is taken in the last day's shares.
  const spy = await benchmarkReturns(deps, spyStart, [
    ...pastPoints.map((point) => point.date),
    today,
  ]);
  return {
    held: pastPoints.filter(isReturnClose),
    spy: pastPoints.map((point) => [point.date, spy.returns.get(point.date) ?? null]),
    spyStart,
    spyStarts: spy.startClose !== null,
    ...rest,
  };
}

/**
 * The line of all accounts, one or more tracking cash, up to yesterday: the chart's own, as
 * portfolioHistory works it (allAccountsChart, comparedHistory), its period through yesterday
 * and today's cash (at the prices of its build; only the holdings' value moves with them).
 */
async function pastWithCash(
  scope: UserScope,
  bases: AccountBases,
  range: ReturnLineInput["range"],
  today: string,
  prices: Map<string, Decimal>,
): Promise<PastLine | null> {
  const { deps } = scope;
  const firstDay = await allAccountsStartDay(scope, bases, today);
  if (firstDay === null) return null;
  const { from, periodStart } = chartRange(range, deps.market.clock.now(), firstDay);
  if (from >= today) return null;
  const withCash = await allAccountsChart(scope, bases, { periodStart, today, prices });
  const days = withCash.days.filter((day) => day.date >= from);
  // allAccountsPeriod values all accounts from the period's start.
  return pastOfChart(deps, days, periodStart, today, withCash.returns, { from: periodStart });
}

/** One account's line up to yesterday, as portfolioHistory works it with `accountId`. */
async function pastOfAccount(
  scope: UserScope,
  requested: number,
  range: ReturnLineInput["range"],
  today: string,
  prices: Map<string, Decimal>,
): Promise<PastLine | null> {
  const { deps, user } = scope;
  const accountId = (await accountFilterOf(scope, requested))!;
  const tracked = await trackedAccount(scope, accountId);
  const firstDay = await accountStartDay(scope, accountId, tracked, today);
  if (firstDay === null) return null;
  const { from, periodStart } = chartRange(range, deps.market.clock.now(), firstDay);
  if (from >= today) return null;
  const where = { from, accountId };
  if (tracked) {
    const chart = await trackedChart(scope, tracked, { periodStart, today, prices });
    const days = chart.days.filter((day) => day.date >= from);
    return pastOfChart(deps, days, periodStart, today, chart.returns, where);
  }
  const [{ days }, dividends] = await Promise.all([
    accountValueByDay(deps, user.id, accountId, from, today, prices),
    incomePaid(scope, { from: periodStart, to: today }, accountId),
  ]);
  return pastOfChart(deps, days, periodStart, today, { dividends }, where);
}

/**
 * The chart's line from its `days` (its first point to today) as comparedHistory works it, kept
 * up to yesterday: its closes before today, its period through yesterday, and today's cash and
 * flow where the days hold cash (no quote moves them: the cash is what the movements and the
 * trades at their own prices left).
 */
async function pastOfChart(
  deps: UserScope["deps"],
  days: ChartDay[],
  periodStart: string,
  today: string,
  returns: ReturnDays,
  where: Pick<PastLine, "from" | "accountId">,
): Promise<PastLine | null> {
  const first = days[0];
  const last = days.at(-1);
  if (!first || last?.date !== today) return null;
  const history = await comparedHistory(deps, days, periodStart, "return", returns);
  const pastPoints = history.points.filter((point) => point.date < today);
  // From the eve of the first day, as comparedHistory's line and SPY's.
  const eve = periodStart < first.date ? [{ ...first, ...NOTHING_HELD, date: periodStart }] : [];
  const periodDays =
    returns.days ?? [...eve, ...days].map((day) => ({ ...day, value: day.totalValue }));
  const open = openPeriod(
    periodDays.filter((day) => day.date < today),
    returns.dividends,
    today,
  );
  return withSpy(deps, pastPoints, eve[0]?.date ?? first.date, today, {
    open,
    ...where,
    ...(last.cashValue === undefined
      ? {}
      : { todaysCash: { value: last.cashValue, flow: last.flow } }),
  });
}
