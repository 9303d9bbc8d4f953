import type {
  DividendFrequency,
  IncomeCalendar,
  IncomeCalendarInput,
  IncomeForecast,
  IncomeForecastInput,
  ExpectedDividend,
} from "@ledgerline/contracts";
import {
  INCOME_CALENDAR_DEFAULT_DAYS,
  INCOME_CALENDAR_MAX_DAYS,
  incomeCalendarMessages,
} from "@ledgerline/contracts";
import { dateOf } from "@ledgerline/clock";
import type { HeldPosition } from "@ledgerline/db";
import { newYorkDate, newYorkMidnight } from "@ledgerline/market";
import { add, costBasis, multiply, sum, type Decimal } from "@ledgerline/money";
import { accountFilterOf } from "../accounts/account-scope";
import { badRequest } from "../platform/errors";
import { KeptByVersion } from "../platform/kept-by-version";
import { Turns } from "../platform/turns";
import { priceHoldings } from "./portfolio-summary";
import type { UserScope } from "../platform/scope";
import { actionsToApply } from "./corporate-actions";
import { replayCorporateActions } from "./corporate-action-replay";
import { addDays, daysFrom, dividendSchedule, type ScheduledDividend } from "./dividend-schedule";
import {
  byPayDate,
  dividendsWithin,
  forecastEnd,
  forecastFrom,
  paidWithin,
  pricedDividends,
  type ForecastStock,
} from "./income-forecast-figures";

/**
 * What the user's stocks will pay (issue 33): the dividend calendar and the twelve months'
 * forecast. A dividend is priced on the shares held at its ex-date: for an ex-date still ahead
 * those held now (trades to come are unknown); for one passed, those the trades left then
 * (the corporate actions' replay, as an income entry is made).
 */

/** One stock held (in the accounts asked about): its positions and their total. */
interface HeldStock {
  symbol: string;
  positions: HeldPosition[];
  quantity: Decimal;
}

async function heldStocks(scope: UserScope, accountId: number | undefined): Promise<HeldStock[]> {
  const holdings = await scope.deps.repos.transactions.holdings(scope.user.id);
  const bySymbol = new Map<string, HeldStock>();
  for (const held of holdings) {
    if (held.assetType !== "STOCK") continue;
    if (accountId !== undefined && held.accountId !== accountId) continue;
    const stock = bySymbol.get(held.symbol) ?? {
      symbol: held.symbol,
      positions: [],
      quantity: "0",
    };
    stock.positions.push(held);
    stock.quantity = add(stock.quantity, held.quantity);
    bySymbol.set(held.symbol, stock);
  }
  return [...bySymbol.values()].sort((a, b) => a.symbol.localeCompare(b.symbol));
}

/** The stock's schedule up to `until`, or none when the market cannot tell it now. */
async function scheduleOf(
  scope: UserScope,
  symbol: string,
  until: string,
): Promise<{
  dividends: ScheduledDividend[];
  frequency: DividendFrequency | null;
  splits: ReturnType<typeof actionsToApply>["splits"];
}> {
  try {
    const actions = await scope.deps.market.stocks.getCorporateActions(symbol);
    const today = newYorkDate(scope.deps.market.clock.now());
    return { ...dividendSchedule(actions, until), splits: actionsToApply(actions, today).splits };
  } catch (error) {
    scope.deps.logger.debug({ err: error, symbol }, "corporate actions unavailable");
    return { dividends: [], frequency: null, splits: [] };
  }
}

/**
 * Each stock's shares at its passed ex-dates, kept per user, stock, dividends and splits while the
 * user's rows stand (decision 0051): a replay reads the symbol's trades in every account holding
 * it, ~0.4 s of CPU for the calendar or the forecast at 100,000 trades (bench/portfolio-history)
 * when most holdings have a dividend between its ex-date and its pay date.
 */
const keptQuantities = new KeptByVersion<Map<string, Decimal>>(4096);

/**
 * The shares of `stock` held at each passed ex-date of `dividends` (by ex-date), from each
 * account's trades replayed with the splits, as the income entries are.
 */
function quantitiesAtExDates(
  scope: UserScope,
  stock: HeldStock,
  dividends: readonly ScheduledDividend[],
  splits: ReturnType<typeof actionsToApply>["splits"],
  version: string | undefined,
  turns: Turns,
): Promise<Map<string, Decimal>> {
  if (dividends.length === 0) return Promise.resolve(new Map<string, Decimal>());
  const now = dateOf(scope.deps.clock);
  const slot = [
    scope.user.id,
    stock.symbol,
    newYorkDate(now.getTime()),
    stock.positions.map((position) => position.accountId).join(","),
    dividends
      .map((dividend) => `${dividend.exDate}/${dividend.payDate}/${dividend.amountPerShare}`)
      .join(","),
    JSON.stringify(splits),
  ].join(":");
  return keptQuantities.read(scope.deps, slot, version, () =>
    replayedQuantities(scope, stock, dividends, splits, now, turns),
  );
}

async function replayedQuantities(
  scope: UserScope,
  stock: HeldStock,
  dividends: readonly ScheduledDividend[],
  splits: ReturnType<typeof actionsToApply>["splits"],
  now: Date,
  turns: Turns,
): Promise<Map<string, Decimal>> {
  const held = new Map<string, Decimal>();
  const toApply = dividends.map((dividend) => ({
    exDate: dividend.exDate,
    at: new Date(newYorkMidnight(dividend.exDate)),
    payDate: dividend.payDate,
    cashAmount: dividend.amountPerShare,
  }));
  for (const position of stock.positions) {
    // A read that resolves at once leaves the loop no turn: 200 holdings were one 0.6 s block.
    if (turns.due()) await turns.next();
    const { rows } = await scope.deps.repos.corporateActions.replayRows({
      userId: scope.user.id,
      accountId: position.accountId,
      symbol: stock.symbol,
      now,
    });
    const writes = replayCorporateActions(rows, splits, toApply);
    for (const paid of writes?.income ?? []) {
      held.set(paid.exDate, add(held.get(paid.exDate) ?? "0", paid.quantity));
    }
  }
  return held;
}

/** Each held stock's dividends whose ex-date or pay date falls in [from, to], priced. */
async function expectedDividends(
  scope: UserScope,
  stocks: readonly HeldStock[],
  window: { from: string; to: string },
  today: string,
): Promise<{ dividends: ExpectedDividend[]; stocks: Map<string, ScheduleOfStock> }> {
  const dividends: ExpectedDividend[] = [];
  const schedules = new Map<string, ScheduleOfStock>();
  const version = await scope.deps.answers.dataVersion(scope.user.id);
  const turns = new Turns();
  for (const stock of stocks) {
    if (turns.due()) await turns.next();
    const schedule = await scheduleOf(scope, stock.symbol, window.to);
    schedules.set(stock.symbol, schedule);
    const inWindow = dividendsWithin(schedule.dividends, window);
    const passed = await quantitiesAtExDates(
      scope,
      stock,
      inWindow.filter((dividend) => dividend.exDate <= today),
      schedule.splits,
      version,
      turns,
    );
    dividends.push(...pricedDividends(stock.symbol, inWindow, today, stock.quantity, passed));
  }
  return { dividends: byPayDate(dividends), stocks: schedules };
}

type ScheduleOfStock = Awaited<ReturnType<typeof scheduleOf>>;

const todayOf = (scope: UserScope) => newYorkDate(scope.deps.market.clock.now());

/**
 * `GET /api/income/calendar`: the window defaults to today and the 90 days after it; one that
 * ends before it starts or is longer than 366 days is refused.
 */
export async function incomeCalendarOf(
  scope: UserScope,
  input: IncomeCalendarInput,
): Promise<IncomeCalendar> {
  const today = todayOf(scope);
  const from = input.from ?? today;
  const to = input.to ?? addDays(from, INCOME_CALENDAR_DEFAULT_DAYS);
  if (to < from) throw badRequest(incomeCalendarMessages.toBeforeFrom);
  if (daysFrom(from, to) > INCOME_CALENDAR_MAX_DAYS) {
    throw badRequest(incomeCalendarMessages.tooLong);
  }
  const accountId = await accountFilterOf(scope, input.accountId);
  const stocks = await heldStocks(scope, accountId);
  const { dividends } = await expectedDividends(scope, stocks, { from, to }, today);
  return {
    from,
    to,
    dividends,
    total: sum(paidWithin(dividends, from, to).map((dividend) => dividend.amount)),
  };
}

/**
 * `GET /api/income/forecast`: what pay dates from today to the end of the twelfth month bring,
 * by month, and each holding's annual income at its rhythm (declared or last amount × payments
 * a year) with its yields.
 */
export async function incomeForecastOf(
  scope: UserScope,
  input: IncomeForecastInput,
): Promise<IncomeForecast> {
  const accountId = await accountFilterOf(scope, input.accountId);
  const today = todayOf(scope);
  const stocks = await heldStocks(scope, accountId);
  const expected = await expectedDividends(
    scope,
    stocks,
    { from: today, to: forecastEnd(today) },
    today,
  );
  const priced = await priceHoldings(
    scope.deps,
    stocks.flatMap((stock) => stock.positions),
  );
  return forecastFrom(
    today,
    stocks.map((stock): ForecastStock => {
      const schedule = expected.stocks.get(stock.symbol);
      return {
        symbol: stock.symbol,
        quantity: stock.quantity,
        costBasis: sum(stock.positions.map((position) => costBasis(position))),
        marketValue: sum(
          priced
            .filter(({ held }) => held.symbol === stock.symbol)
            .map(({ held, price }) => multiply(held.quantity, price)),
        ),
        frequency: schedule?.frequency ?? null,
        scheduled: schedule?.dividends ?? [],
      };
    }),
    expected.dividends,
  );
}
