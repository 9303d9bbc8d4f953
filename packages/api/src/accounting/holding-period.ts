import type { HoldingPerformance } from "@ledgerline/contracts";
import type { AssetType, HoldingSnapshot, PaidIncome, Trade } from "@ledgerline/db";
import { subtract, sum, type Decimal } from "@ledgerline/money";
import { closePeriod, openPeriod, periodFigures, type OpenPeriod } from "./period-returns";
import { TradeLedger, tradeDay, type CloseSeries, type HeldValue } from "./portfolio-valuation";

/**
 * One holding's returns over a period, replayed from what it held at the start, its trades and
 * dividends in the period and its closes on the days they happened (issue 15), in two steps: the
 * days before the last (today), which no price of today changes, and the last day at today's
 * price. Worked together they are periodReturns over every day; apart, the first step can be kept
 * while the trades stand and each read only values today (account-holdings.ts, issue 31).
 */

export interface HoldingActivity {
  type: AssetType;
  symbol: string;
  start: HoldingSnapshot | null;
  trades: Trade[];
  dividends: PaidIncome[];
}

/** A holding worked through every day but the last of its period. */
export interface OpenHolding {
  type: AssetType;
  symbol: string;
  open: OpenPeriod;
  startHeld: HeldValue;
  /** The last day: the period's end (today), unless a dividend's pay date came after it. */
  lastDate: string;
  endDate: string;
  lastFlow: Decimal;
  lastRealized: Decimal;
  /** After every trade: what the last day values. */
  ledger: TradeLedger;
  /** The last day's close, where today has no price. */
  lastClose: Decimal | null | undefined;
  /** The last read's price and figures: the same price closes to the same figures. */
  closed?: { price: Decimal | undefined; figures: HoldingPerformance };
}

/**
 * The start's close, every day with its trades or a dividend paid (valued after the day's trades
 * at its close), as the portfolio's returns value them (TradeLedger.value: a missing close falls
 * back on the last trade's price). `todayPrice` only counts where the period starts today.
 */
export function openHolding(
  holding: HoldingActivity,
  startDate: string,
  endDate: string,
  closes: CloseSeries | null,
  todayPrice: Decimal | undefined,
): OpenHolding {
  const ledger = new TradeLedger();
  if (holding.start) ledger.seed(holding.start);
  const valueOn = (day: string) =>
    ledger.value(() => (day === endDate ? todayPrice : undefined) ?? closes?.on(day));

  const startHeld = valueOn(startDate);
  const days = [{ date: startDate, value: startHeld.totalValue, flow: "0", realized: "0" }];
  // Trades stamped after today (a clock ahead of the market's) count today, as in the replay.
  const eventDays = [
    ...new Set([
      ...holding.trades.map((trade) => (tradeDay(trade) > endDate ? endDate : tradeDay(trade))),
      ...holding.dividends.map((dividend) => dividend.payDate),
      endDate,
    ]),
  ].sort();
  const lastDate = eventDays.at(-1)!;
  let next = 0;
  let lastFlow = "0";
  let lastRealized = "0";
  for (const day of eventDays) {
    const flows: Decimal[] = [];
    const realized: Decimal[] = [];
    while (
      next < holding.trades.length &&
      (day === endDate || tradeDay(holding.trades[next]!) <= day)
    ) {
      const applied = ledger.apply(holding.trades[next]!);
      flows.push(applied.flow);
      realized.push(applied.realized);
      next += 1;
    }
    if (day === lastDate) {
      lastFlow = sum(flows);
      lastRealized = sum(realized);
    } else {
      const value = valueOn(day).totalValue;
      days.push({ date: day, value, flow: sum(flows), realized: sum(realized) });
    }
  }
  return {
    type: holding.type,
    symbol: holding.symbol,
    open: openPeriod(days, holding.dividends, lastDate),
    startHeld,
    lastDate,
    endDate,
    lastFlow,
    lastRealized,
    ledger,
    lastClose: closes?.on(lastDate),
  };
}

/** The holding's figures with its last day valued at `todayPrice` (or its close). */
export function closeHolding(
  holding: OpenHolding,
  todayPrice: Decimal | undefined,
): HoldingPerformance {
  if (holding.closed && holding.closed.price === todayPrice) return { ...holding.closed.figures };
  const { lastDate, endDate, startHeld } = holding;
  const endHeld = holding.ledger.value(
    () => (lastDate === endDate ? todayPrice : undefined) ?? holding.lastClose,
  );
  const returns = closePeriod(holding.open, {
    date: lastDate,
    value: endHeld.totalValue,
    flow: holding.lastFlow,
    realized: holding.lastRealized,
  });
  const unrealizedGain = subtract(
    subtract(endHeld.totalValue, endHeld.costBasis),
    subtract(startHeld.totalValue, startHeld.costBasis),
  );
  const figures = {
    assetType: holding.type,
    symbol: holding.symbol,
    ...periodFigures(returns, unrealizedGain),
  };
  holding.closed = { price: todayPrice, figures };
  return { ...figures };
}
