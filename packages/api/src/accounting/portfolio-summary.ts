import {
  type PortfolioHistory,
  type PortfolioHistoryInput,
  type PortfolioSummary,
  type PriceSource,
  type SummaryPosition,
  summaryHoldings,
  summaryReturns,
  summaryToday,
} from "@ledgerline/contracts";
import type { AssetType, HeldPosition, InvestmentAccount } from "@ledgerline/db";
import { costBasis, holdingFigures, subtract, sum, type Decimal } from "@ledgerline/money";
import { accountValueByDay } from "./account-days";
import { accountStartDay, cashTrackedPeriod, trackedAccount } from "./cash-tracked-days";
import { comparedHistory, type ChartDay, type ReturnDays } from "./history-benchmark";
import {
  accountBases,
  allAccountsPeriod,
  allAccountsStartDay,
  type AccountBases,
} from "./all-accounts-days";
import { incomeOf, incomePaid } from "./income";
import { firstTradeDay, realizedBySymbol, valueRange } from "./portfolio-snapshots";
import { rangeFirstDay, startOf } from "./period-start";
import { keyOf, utcDay } from "./portfolio-valuation";
import { accountFilterOf } from "../accounts/account-scope";
import type { AppDeps, UserScope } from "../platform/scope";

/**
 * The portfolio summary and its value over time, computed here in exact decimals. The figures
 * are defined once (see @ledgerline/contracts portfolio-summary.ts) and used everywhere.
 */

export interface PricedHolding {
  held: HeldPosition;
  price: Decimal;
  source: PriceSource;
  /** The market's change per unit today (24 hours for coins); null for a last known price. */
  change: Decimal | null;
  asOf: Date | null;
  name: string | null;
}

interface MarketPrice {
  price: Decimal;
  /** Per unit since the previous close (stocks) or over 24 hours (coins). */
  change: Decimal;
  asOf: Date | null;
  name: string | null;
}

/** The coins' names by symbol (a cached list); none when the market cannot list them. */
async function coinNames(deps: AppDeps): Promise<Map<string, string>> {
  try {
    const list = await deps.market.crypto.listCurrencies();
    return new Map(list.map((coin) => [coin.id, coin.name]));
  } catch (error) {
    deps.logger.warn({ err: error }, "no coin names for holdings");
    return new Map();
  }
}

/** The market's current prices; a symbol it cannot price is left out (and logged), never fatal. */
export async function marketPrices(
  deps: AppDeps,
  assetType: AssetType,
  symbols: string[],
): Promise<Map<string, MarketPrice>> {
  const prices = new Map<string, MarketPrice>();
  if (symbols.length === 0) return prices;
  try {
    if (assetType === "STOCK") {
      for (const result of await deps.market.stocks.getSnapshots(symbols)) {
        if (result.ok) {
          prices.set(result.symbol, {
            price: result.snapshot.price,
            change: result.snapshot.change,
            asOf: new Date(result.snapshot.timestamp),
            name: result.snapshot.companyName,
          });
        } else {
          deps.logger.warn({ symbol: result.symbol, err: result.error }, "no price for a holding");
        }
      }
    } else {
      const [quotes, names] = await Promise.all([
        deps.market.crypto.getQuotes(symbols),
        coinNames(deps),
      ]);
      for (const result of quotes) {
        if (result.ok) {
          prices.set(result.symbol, {
            price: result.quote.price,
            change: result.quote.change,
            asOf: null,
            name: names.get(result.symbol) ?? null,
          });
        } else {
          deps.logger.warn({ symbol: result.symbol, err: result.error }, "no price for a holding");
        }
      }
    }
  } catch (error) {
    deps.logger.warn({ err: error, assetType }, "no prices for holdings");
  }
  return prices;
}

/** The newest of the last prices seen for a position: its watchlist quote or the last trade. */
function lastKnown(held: HeldPosition): { price: Decimal; asOf: Date | null } {
  const candidates = [held.watchlistQuote, held.lastTrade].filter(
    (candidate): candidate is NonNullable<typeof candidate> => candidate !== null,
  );
  const newest = candidates.sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  // Every position has at least its opening trade; the average price is a last resort only.
  return newest
    ? { price: newest.price, asOf: newest.at }
    : { price: held.averagePrice, asOf: null };
}

/** Each holding with a current price: the market's, or flagged as its last known price. */
export async function priceHoldings(
  deps: AppDeps,
  holdings: HeldPosition[],
): Promise<PricedHolding[]> {
  const symbolsOf = (assetType: AssetType) =>
    holdings.filter((held) => held.assetType === assetType).map((held) => held.symbol);
  const [stocks, crypto] = await Promise.all([
    marketPrices(deps, "STOCK", symbolsOf("STOCK")),
    marketPrices(deps, "CRYPTO", symbolsOf("CRYPTO")),
  ]);
  return holdings.map((held) => {
    const live = (held.assetType === "STOCK" ? stocks : crypto).get(held.symbol);
    const name = live?.name ?? held.watchlistQuote?.name ?? null;
    if (live) {
      return {
        held,
        price: live.price,
        change: live.change,
        source: "market",
        asOf: live.asOf,
        name,
      };
    }
    return { held, ...lastKnown(held), change: null, source: "last_known", name };
  });
}

export async function portfolioSummary(scope: UserScope): Promise<PortfolioSummary> {
  const { deps } = scope;
  const holdings = await deps.repos.transactions.holdings(scope.user.id);
  const [priced, realized, income] = await Promise.all([
    priceHoldings(deps, holdings),
    realizedBySymbol(scope),
    incomeOf(scope),
  ]);
  const totalRealized = sum([...realized.values()]);
  const positions = priced.map(({ held, price, source, asOf, name, change }) => ({
    assetType: held.assetType,
    view: {
      id: held.id,
      symbol: held.symbol,
      name,
      quantity: held.quantity,
      averagePurchasePrice: held.averagePrice,
      currentPrice: price,
      priceSource: source,
      priceAsOf: asOf ? asOf.toISOString() : null,
      ...holdingFigures(held.quantity, price, costBasis(held), change),
      allocationPercent: null as number | null,
      realizedGain: realized.get(keyOf(held.assetType, held.symbol)) ?? "0",
    } satisfies SummaryPosition,
  }));
  const views = (assetType: AssetType) =>
    positions.filter((position) => position.assetType === assetType).map(({ view }) => view);
  const { stocks, crypto, total } = summaryHoldings({
    stocks: views("STOCK"),
    crypto: views("CRYPTO"),
  });
  return {
    stocks,
    crypto,
    total,
    today: summaryToday(positions.map(({ view }) => view)),
    // The market's own clock: the prices are as of its time.
    pricedAt: new Date(deps.market.clock.now()).toISOString(),
    returns: summaryReturns(total, { realizedGain: totalRealized, income }),
  };
}

// Value over time

/** Today's price of each holding (the market's, or its last known), keyed by keyOf. */
export async function currentPrices(scope: UserScope): Promise<Map<string, Decimal>> {
  const priced = await priceHoldings(
    scope.deps,
    await scope.deps.repos.transactions.holdings(scope.user.id),
  );
  return new Map(
    priced.map((entry) => [keyOf(entry.held.assetType, entry.held.symbol), entry.price]),
  );
}

/**
 * The portfolio's value at each day's close over a range, from the daily holdings snapshots
 * (portfolio-snapshots.ts: the user's trades replayed against daily bars); the last point is
 * today at the current prices, so the chart ends where the summary's cards stand. ALL starts at
 * the first trade, however long ago, as the returns' ALL does (issue 37). The benchmark beside it
 * is compared as `input.benchmark` says (history-benchmark.ts). Days follow the market's clock.
 * With `input.accountId`, the values are that investment account's alone (account-days.ts), its
 * first trade (or cash activity, its cash tracked) is where ALL starts, and its return line is
 * worked as its Returns panel's figure is (returnDaysOf).
 */
export async function portfolioHistory(
  scope: UserScope,
  input: PortfolioHistoryInput,
): Promise<PortfolioHistory> {
  const { deps } = scope;
  const now = deps.market.clock.now();
  const today = utcDay(now);
  const accountId = await accountFilterOf(scope, input.accountId);
  // A cash-tracked account starts where its returns do: its first trade or cash activity; all
  // accounts, one or more tracking cash, where the first of them does (all-accounts-days.ts).
  const tracked = await trackedAccount(scope, accountId);
  const bases = accountId === undefined ? await accountBases(scope) : null;
  const firstDay = bases
    ? await allAccountsStartDay(scope, bases, today)
    : accountId === undefined
      ? await firstTradeDay(scope)
      : await accountStartDay(scope, accountId, tracked, today);
  if (firstDay === null) return { points: [], unpricedSymbols: [], benchmark: null };

  const { from, periodStart } = chartRange(input.range, now, firstDay);
  if (from > today) return { points: [], unpricedSymbols: [], benchmark: null };

  const prices = await currentPrices(scope);
  if (bases || tracked) {
    const read = { periodStart, today, prices };
    const withCash = bases
      ? await allAccountsChart(scope, bases, read)
      : await trackedChart(scope, tracked!, read);
    const days = withCash.days.filter((day) => day.date >= from);
    const compared = await comparedHistory(
      deps,
      days,
      periodStart,
      input.benchmark,
      withCash.returns,
    );
    return { ...compared, unpricedSymbols: withCash.unpricedSymbols };
  }
  const [{ days, unpricedSymbols }, dividends] = await Promise.all([
    accountId === undefined
      ? valueRange(scope, from, today, prices)
      : accountValueByDay(deps, scope.user.id, accountId, from, today, prices),
    input.benchmark === "return"
      ? incomePaid(scope, { from: periodStart, to: today }, accountId)
      : Promise.resolve([]),
  ]);
  const compared = await comparedHistory(deps, days, periodStart, input.benchmark, { dividends });
  return { ...compared, unpricedSymbols };
}

/**
 * A range's chart from the first trade day `firstDay`: its first point (`from`), and the close
 * its returns start from (`periodStart`, period-start.ts).
 */
export function chartRange(
  range: PortfolioHistoryInput["range"],
  now: number,
  firstDay: string,
): { from: string; periodStart: string } {
  const rangeStart = range === "ALL" ? firstDay : rangeFirstDay(range, now);
  return {
    from: rangeStart > firstDay ? rangeStart : firstDay,
    periodStart: startOf(range, now, firstDay),
  };
}

export interface ChartRead {
  periodStart: string;
  today: string;
  prices: Map<string, Decimal>;
}

/**
 * The chart's days with the cash held in them, every day from the period's start to today, and
 * what its return line is worked from, as the Returns panel's figure is (performance.ts): the
 * same days, flows and dividends.
 */
export interface ChartWithCash {
  days: ChartDay[];
  unpricedSymbols: string[];
  returns: ReturnDays;
}

/** A cash-tracked account: its deposits and withdrawals the flows, its dividends kept in it. */
export async function trackedChart(
  scope: UserScope,
  account: InvestmentAccount,
  { periodStart, today, prices }: ChartRead,
): Promise<ChartWithCash> {
  const period = await cashTrackedPeriod(scope, account, periodStart, today, prices);
  const days = period.days.map((day, index) => {
    const withCash = period.withCash[index]!;
    return {
      ...day,
      totalValue: withCash.value,
      flow: withCash.flow,
      cashValue: subtract(withCash.value, day.totalValue),
    };
  });
  return {
    days,
    unpricedSymbols: period.unpricedSymbols,
    returns: { days: period.withCash, dividends: [] },
  };
}

/** All accounts, one or more tracking cash: each under its own basis (all-accounts-days.ts). */
export async function allAccountsChart(
  scope: UserScope,
  bases: AccountBases,
  { periodStart, today, prices }: ChartRead,
): Promise<ChartWithCash> {
  const period = await allAccountsPeriod(scope, bases, periodStart, today, prices);
  const days = period.holdings.map((day, index) => {
    const combined = period.days[index]!;
    return {
      ...day,
      totalValue: combined.value,
      flow: combined.flow,
      cashValue: period.cash[index]!,
    };
  });
  return {
    days,
    unpricedSymbols: period.unpricedSymbols,
    returns: { days: period.days, dividends: period.dividends },
  };
}
