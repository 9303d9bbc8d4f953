import type { FxRates, PortfolioHistory } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { convertAt, withPlaces } from "@ledgerline/money";
import { rateFor } from "../../../../components/money/display-money";

/** The currency a chart's money is drawn in, and the rates it was converted with (none in USD). */
export interface ChartMoney {
  currency: string;
  rates: FxRates | undefined;
}

export const usdChart: ChartMoney = { currency: "USD", rates: undefined };

/** The display currency's rates, when there are any to convert with; USD and no rates are USD. */
export function chartMoney(rates: FxRates | undefined): ChartMoney {
  return rates && rates.currency !== "USD" ? { currency: rates.currency, rates } : usdChart;
}

/**
 * The history in the display currency (decision 0060): each point's value, cost basis and cash,
 * and the "same money in SPY" line, at the rate of its own day (a weekend's at the Friday's).
 * Returns are ratios and are not converted. In USD the history itself comes back, so a redraw is
 * asked for only when the rates change something.
 */
export function historyInCurrency(history: PortfolioHistory, money: ChartMoney): PortfolioHistory {
  const { rates } = money;
  if (!rates) return history;
  const at = (usd: string, date: string) => {
    const rate = rateFor(rates, date);
    return rate ? convertAt(usd, rate.rate) : usd;
  };
  const benchmark = history.benchmark;
  return {
    ...history,
    points: history.points.map((point) => ({
      ...point,
      stockValue: at(point.stockValue, point.date),
      cryptoValue: at(point.cryptoValue, point.date),
      totalValue: at(point.totalValue, point.date),
      costBasis: at(point.costBasis, point.date),
      ...(point.cashValue === undefined ? {} : { cashValue: at(point.cashValue, point.date) }),
    })),
    benchmark:
      benchmark?.basis === "contributions"
        ? {
            ...benchmark,
            points: benchmark.points.map((p) => ({ ...p, value: at(p.value, p.date) })),
          }
        : benchmark,
  };
}

/**
 * The tooltip's row saying what a day's figures were converted at ('USD→EUR', '0.9213 on
 * 2026-11-27'); none in USD.
 */
export function rateRow(money: ChartMoney, date: string): [string, string] | undefined {
  const rate = money.rates && rateFor(money.rates, date);
  return rate
    ? [
        `USD→${money.currency}`,
        m.summary_tooltip_rate({ rate: withPlaces(rate.rate, 4), date: rate.date }),
      ]
    : undefined;
}
