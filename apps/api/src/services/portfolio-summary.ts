import {
  PORTFOLIO_HISTORY_MAX_DAYS,
  timeRangeDates,
  type HistoricalBar,
  type PortfolioHistory,
  type PortfolioHistoryInput,
  type PortfolioHistoryPoint,
  type PortfolioSummary,
  type PriceSource,
  type SummaryFigures,
  type SummaryPosition,
  type SummarySection,
} from "@ledgerline/contracts";
import type { AssetType, HeldPosition, Trade } from "@ledgerline/db";
import {
  applyBuy,
  applySell,
  costBasis,
  isZero,
  multiply,
  percent,
  subtract,
  sum,
  type Decimal,
  type Holding,
} from "@ledgerline/money";
import type { AppDeps, UserScope } from "./scope";

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

/** The market's current prices; a symbol it cannot price is left out (and logged), never fatal. */
async function marketPrices(
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
      for (const result of await deps.market.crypto.getQuotes(symbols)) {
        if (result.ok) {
          prices.set(result.symbol, {
            price: result.quote.price,
            change: result.quote.change,
            asOf: null,
            name: null,
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

function figures(currentValue: Decimal, basis: Decimal): SummaryFigures {
  const gainLoss = subtract(currentValue, basis);
  return { currentValue, costBasis: basis, gainLoss, gainLossPercent: percent(gainLoss, basis) };
}

/**
 * Today's change of what is held: each holding's quantity times its change today (over 24 hours
 * for coins), against what those holdings were worth before it. Null when no holding has a
 * market price to tell.
 */
function todayOf(priced: PricedHolding[]): PortfolioSummary["today"] {
  const moving = priced.flatMap(({ held, price, change }) =>
    change === null
      ? []
      : [{ change: multiply(held.quantity, change), value: multiply(held.quantity, price) }],
  );
  if (moving.length === 0) return null;
  const change = sum(moving.map((holding) => holding.change));
  const before = subtract(sum(moving.map((holding) => holding.value)), change);
  return { change, changePercent: percent(change, before) };
}

function totalOf(parts: SummaryFigures[]): SummaryFigures {
  return figures(
    sum(parts.map((part) => part.currentValue)),
    sum(parts.map((part) => part.costBasis)),
  );
}

export async function portfolioSummary(scope: UserScope): Promise<PortfolioSummary> {
  const { deps } = scope;
  const holdings = await deps.repos.transactions.holdings(scope.user.id);
  const priced = await priceHoldings(deps, holdings);
  const positions = priced.map(({ held, price, source, asOf, name }) => ({
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
      ...figures(multiply(held.quantity, price), costBasis(held)),
      allocationPercent: null as number | null,
    } satisfies SummaryPosition,
  }));
  const total = totalOf(positions.map((position) => position.view));
  const share = (value: Decimal) => percent(value, total.currentValue);
  const section = (assetType: AssetType): SummarySection => {
    const views = positions
      .filter((position) => position.assetType === assetType)
      .map(({ view }) => ({ ...view, allocationPercent: share(view.currentValue) }));
    const totals = totalOf(views);
    return { positions: views, totals, allocationPercent: share(totals.currentValue) };
  };
  return {
    stocks: section("STOCK"),
    crypto: section("CRYPTO"),
    total,
    today: todayOf(priced),
    // The market's own clock: the prices are as of its time.
    pricedAt: new Date(deps.market.clock.now()).toISOString(),
  };
}

// Value over time

const DAY_MS = 86_400_000;
const utcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
const keyOf = (type: AssetType, symbol: string) => `${type}:${symbol}`;

/** A symbol's daily closes, read forward day by day: the latest close on or before a day. */
class CloseSeries {
  private next = 0;
  private close: Decimal | null = null;
  constructor(private readonly bars: HistoricalBar[]) {}
  on(day: string): Decimal | null {
    while (this.next < this.bars.length && this.bars[this.next]!.date <= day) {
      this.close = this.bars[this.next]!.c;
      this.next += 1;
    }
    return this.close;
  }
}

async function dailyBars(
  deps: AppDeps,
  type: AssetType,
  symbol: string,
  from: string,
  to: string,
): Promise<HistoricalBar[] | null> {
  try {
    return type === "STOCK"
      ? await deps.market.stocks.getDailyBars(symbol, from, to)
      : await deps.market.crypto.getDailyBars(symbol, from, to);
  } catch (error) {
    deps.logger.warn({ err: error, symbol, type }, "no daily history for a holding");
    return null;
  }
}

/**
 * The portfolio's value at each day's close over a range, replaying the user's trades (quantities
 * and average cost) against daily bars; the last point is today at the current prices, so the
 * chart ends where the summary's cards stand. Days follow the market's clock.
 */
export async function portfolioHistory(
  scope: UserScope,
  input: PortfolioHistoryInput,
): Promise<PortfolioHistory> {
  const { deps } = scope;
  const trades = await deps.repos.transactions.trades(scope.user.id);
  if (trades.length === 0) return { points: [], unpricedSymbols: [] };

  const now = deps.market.clock.now();
  const today = utcDay(now);
  const firstDay = utcDay(trades[0]!.transactionDate.getTime());
  const earliest = addDays(today, -PORTFOLIO_HISTORY_MAX_DAYS);
  const rangeStart =
    input.range === "ALL" ? firstDay : timeRangeDates(input.range, new Date(now), "UTC").from;
  const from = [rangeStart, firstDay, earliest].sort().at(-1)!;
  if (from > today) return { points: [], unpricedSymbols: [] };

  // Positions at the start of the range, then every symbol held at some point within it.
  const holdings = new Map<string, Holding & { type: AssetType; symbol: string }>();
  const lastTradePrice = new Map<string, Decimal>();
  let next = 0;
  const apply = (trade: Trade) => {
    const key = keyOf(trade.type, trade.symbol);
    const current = holdings.get(key);
    lastTradePrice.set(key, trade.price);
    if (trade.transactionType === "BUY") {
      const bought = applyBuy(current ?? null, trade.quantity, trade.price);
      holdings.set(key, { ...bought, type: trade.type, symbol: trade.symbol });
    } else if (current) {
      const sold = applySell(current, trade.quantity);
      if (sold.ok) holdings.set(key, { ...sold.holding, type: trade.type, symbol: trade.symbol });
    }
  };
  while (next < trades.length && utcDay(trades[next]!.transactionDate.getTime()) < from) {
    apply(trades[next]!);
    next += 1;
  }
  const involved = new Map<string, { type: AssetType; symbol: string }>();
  for (const [key, held] of holdings) if (!isZero(held.quantity)) involved.set(key, held);
  for (const trade of trades.slice(next)) {
    involved.set(keyOf(trade.type, trade.symbol), { type: trade.type, symbol: trade.symbol });
  }

  // A week of slack before the range, so its first day has a close even after a weekend.
  const barsFrom = addDays(from, -7);
  const series = new Map<string, CloseSeries>();
  const unpriced: string[] = [];
  await Promise.all(
    [...involved].map(async ([key, { type, symbol }]) => {
      const bars = await dailyBars(deps, type, symbol, barsFrom, today);
      if (bars) series.set(key, new CloseSeries(bars));
      else unpriced.push(symbol);
    }),
  );
  const current = await priceHoldings(deps, await deps.repos.transactions.holdings(scope.user.id));
  const currentPrice = new Map(
    current.map((entry) => [keyOf(entry.held.assetType, entry.held.symbol), entry.price]),
  );

  const points: PortfolioHistoryPoint[] = [];
  for (let day = from; day <= today; day = addDays(day, 1)) {
    // Trades stamped after the market's today (a clock ahead of the market's) count today.
    while (
      next < trades.length &&
      (day === today || utcDay(trades[next]!.transactionDate.getTime()) <= day)
    ) {
      apply(trades[next]!);
      next += 1;
    }
    const values: Record<AssetType, Decimal[]> = { STOCK: [], CRYPTO: [] };
    const bases: Decimal[] = [];
    for (const [key, held] of holdings) {
      if (isZero(held.quantity)) continue;
      const close =
        (day === today ? currentPrice.get(key) : undefined) ??
        series.get(key)?.on(day) ??
        lastTradePrice.get(key) ??
        held.averagePrice;
      values[held.type].push(multiply(held.quantity, close));
      bases.push(costBasis(held));
    }
    const stockValue = sum(values.STOCK);
    const cryptoValue = sum(values.CRYPTO);
    points.push({
      date: day,
      stockValue,
      cryptoValue,
      totalValue: sum([stockValue, cryptoValue]),
      costBasis: sum(bases),
    });
  }
  return { points, unpricedSymbols: unpriced.sort() };
}
