import type {
  DividendFrequency,
  ExpectedDividend,
  ForecastHolding,
  IncomeForecast,
} from "@ledgerline/contracts";
import { INCOME_FORECAST_MONTHS, INCOME_YIELD_DECIMALS } from "@ledgerline/contracts";
import { compare, divide, multiply, sign, sum, type Decimal } from "@ledgerline/money";
import {
  addMonths,
  endOfMonth,
  PAYMENTS_PER_YEAR,
  type ScheduledDividend,
} from "./dividend-schedule";

/**
 * The income forecast's figures, plain code (issue 33): which of a stock's scheduled dividends a
 * window shows and what each brings, and the twelve months and each holding's yearly income.
 * accounting/income-forecast.ts reads the schedules and the shares held for them.
 */

/** The dividends whose ex-date or pay date falls in [from, to]. */
export function dividendsWithin(
  dividends: readonly ScheduledDividend[],
  { from, to }: { from: string; to: string },
): ScheduledDividend[] {
  return dividends.filter(
    (dividend) =>
      (dividend.exDate >= from && dividend.exDate <= to) ||
      (dividend.payDate >= from && dividend.payDate <= to),
  );
}

/**
 * A stock's dividends priced on the shares held at their ex-date: those held now (`quantity`)
 * for an ex-date after today, `heldAtExDate` for one passed (none held then: no entry).
 */
export function pricedDividends(
  symbol: string,
  dividends: readonly ScheduledDividend[],
  today: string,
  quantity: Decimal,
  heldAtExDate: ReadonlyMap<string, Decimal>,
): ExpectedDividend[] {
  return dividends.flatMap((dividend) => {
    const held = dividend.exDate <= today ? (heldAtExDate.get(dividend.exDate) ?? "0") : quantity;
    if (sign(held) <= 0) return [];
    return [
      {
        symbol,
        exDate: dividend.exDate,
        payDate: dividend.payDate,
        declared: dividend.declared,
        amountPerShare: dividend.amountPerShare,
        quantity: held,
        amount: multiply(held, dividend.amountPerShare),
      },
    ];
  });
}

/** By pay date, then ex-date, then symbol: the calendar's order. */
export function byPayDate(dividends: ExpectedDividend[]): ExpectedDividend[] {
  return dividends.sort(
    (a, b) =>
      a.payDate.localeCompare(b.payDate) ||
      a.exDate.localeCompare(b.exDate) ||
      a.symbol.localeCompare(b.symbol),
  );
}

/** The dividends paid in [from, to]. */
export const paidWithin = (dividends: readonly ExpectedDividend[], from: string, to: string) =>
  dividends.filter((dividend) => dividend.payDate >= from && dividend.payDate <= to);

/** The forecast's window: today to the end of the twelfth month (this one the first). */
export const forecastEnd = (today: string): string =>
  endOfMonth(addMonths(`${today.slice(0, 8)}01`, INCOME_FORECAST_MONTHS - 1));

/** A stock held, as the forecast counts it. */
export interface ForecastStock {
  symbol: string;
  quantity: Decimal;
  costBasis: Decimal;
  marketValue: Decimal;
  /** Its schedule's rhythm (null: it never paid, or the market cannot tell). */
  frequency: DividendFrequency | null;
  /** Its scheduled dividends, the market's (`declared`) and the expected ones. */
  scheduled: readonly ScheduledDividend[];
}

/**
 * The forecast from today: what each month's pay dates bring (of `expected`, the priced
 * dividends of the window), and each holding's yearly income at its rhythm (the market's latest
 * amount x payments a year x shares held now) with its yields on cost and on market value.
 */
export function forecastFrom(
  today: string,
  stocks: readonly ForecastStock[],
  expected: readonly ExpectedDividend[],
): IncomeForecast {
  const to = forecastEnd(today);
  const paid = paidWithin(expected, today, to);
  const months = Array.from({ length: INCOME_FORECAST_MONTHS }, (_, index) => {
    const month = addMonths(`${today.slice(0, 8)}01`, index).slice(0, 7);
    return {
      month,
      amount: sum(
        paid.filter((dividend) => dividend.payDate.startsWith(month)).map((d) => d.amount),
      ),
    };
  });
  const holdings = stocks.map((stock): ForecastHolding => {
    const amountPerShare = latestKnown(stock.scheduled)?.amountPerShare ?? null;
    const annualIncome =
      stock.frequency && amountPerShare
        ? multiply(
            multiply(stock.quantity, amountPerShare),
            String(PAYMENTS_PER_YEAR[stock.frequency]),
          )
        : "0";
    return {
      symbol: stock.symbol,
      quantity: stock.quantity,
      frequency: stock.frequency,
      amountPerShare,
      annualIncome,
      costBasis: stock.costBasis,
      marketValue: stock.marketValue,
      yieldOnCost: ratio(annualIncome, stock.costBasis),
      currentYield: ratio(annualIncome, stock.marketValue),
    };
  });
  holdings.sort(
    (a, b) => compare(b.annualIncome, a.annualIncome) || a.symbol.localeCompare(b.symbol),
  );
  return {
    from: today,
    to,
    months,
    total: sum(months.map((month) => month.amount)),
    holdings,
    annualIncome: sum(holdings.map((holding) => holding.annualIncome)),
  };
}

/** The market's latest dividend (declared, or the last paid), not an expected one. */
function latestKnown(dividends: readonly ScheduledDividend[]): ScheduledDividend | undefined {
  return dividends.filter((dividend) => dividend.declared).at(-1);
}

function ratio(part: Decimal, whole: Decimal): Decimal | null {
  return sign(whole) > 0 ? divide(part, whole, INCOME_YIELD_DECIMALS) : null;
}
