import type { PerformanceExplanation } from "@ledgerline/contracts";
import type { PaidIncome } from "@ledgerline/db";
import {
  isZero,
  moneyWeightedReturn,
  subtract,
  sum,
  timeWeightedReturn,
  type CashFlow,
  type Decimal,
  type SubPeriod,
} from "@ledgerline/money";

/**
 * The returns of something held over a period, the whole portfolio or one holding, from its
 * value at the close of some days and the money that moved in and out (issue 15).
 */

/** A day's close: the value after the day's trades, and the money those trades moved. */
export interface PeriodDay {
  date: string;
  value: Decimal;
  /** Buys at cost less sells' proceeds that day. */
  flow: Decimal;
  /** Gain realized by that day's sells. */
  realized: Decimal;
}

export interface PeriodReturns {
  startValue: Decimal;
  endValue: Decimal;
  netFlows: Decimal;
  realizedGain: Decimal;
  income: Decimal;
  timeWeightedReturn: Decimal | null;
  moneyWeightedReturn: Decimal | null;
  flows: PerformanceExplanation["flows"];
  subPeriods: SubPeriod[];
  cashFlows: CashFlow[];
}

/**
 * `days` run from the start (its close, trades included, is where the period starts) to the end,
 * and must include every day with trades or a dividend paid; days between them may be left out,
 * since nothing happens on them that the returns see. `dividends` are those paid after the start.
 *
 * A dividend leaves what is held for the investor on its pay date: it is an outflow of the
 * time-weighted return, whose piece up to that day then ends at the value plus the dividend, and
 * money received in the XIRR. So a stock held without trades returns its price move plus its
 * dividends, as if each were reinvested at the pay date's close.
 *
 * A dividend paid once everything was sold (its ex-date came while it was held, its pay date after
 * the sale) has no piece running on its pay date. It was earned in the piece the sale ended, so
 * the time-weighted return counts it there: on the day everything was sold, as an outflow beside
 * the proceeds, as if the dividend owed were paid with them. The XIRR still receives it on its pay
 * date. One paid when nothing was held since the start of the period counts in income only.
 */
export function periodReturns(
  days: readonly PeriodDay[],
  dividends: readonly PaidIncome[],
): PeriodReturns {
  const start = days[0];
  const end = days.at(-1);
  const startValue = start?.value ?? "0";
  const endValue = end?.value ?? "0";
  const startDate = start?.date ?? "";
  const endDate = end?.date ?? "";
  // The first day's trades are inside its close: the period's flows are the days after it.
  const inPeriod = days.slice(1);
  const tradeFlows = inPeriod.filter((day) => !isZero(day.flow));
  const paid = dividends.filter(
    (dividend) => dividend.payDate > startDate && dividend.payDate <= endDate,
  );
  const paidOn = dividendsByTwrDay(days, paid);

  const flows: PeriodReturns["flows"] = [
    ...tradeFlows.map((day) => ({
      date: day.date,
      amount: day.flow,
      kind: "trades" as const,
      symbol: null,
    })),
    ...paid.map((dividend) => ({
      date: dividend.payDate,
      amount: subtract("0", dividend.total),
      kind: "dividend" as const,
      symbol: dividend.symbol,
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  const twr = timeWeightedReturn(
    days.map((day, index) => {
      const flow = index === 0 ? "0" : day.flow;
      const paidToday = paidOn.get(day.date);
      return {
        date: day.date,
        value: day.value,
        flow: paidToday ? subtract(flow, sum(paidToday)) : flow,
      };
    }),
  );
  const cashFlows: CashFlow[] = [
    ...(isZero(startValue) ? [] : [{ date: startDate, amount: subtract("0", startValue) }]),
    ...flows.map((flow) => ({ date: flow.date, amount: subtract("0", flow.amount) })),
    ...(isZero(endValue) ? [] : [{ date: endDate, amount: endValue }]),
  ];

  return {
    startValue,
    endValue,
    netFlows: sum(tradeFlows.map((day) => day.flow)),
    realizedGain: sum(inPeriod.map((day) => day.realized)),
    income: sum(paid.map((dividend) => dividend.total)),
    timeWeightedReturn: twr.timeWeightedReturn,
    moneyWeightedReturn: moneyWeightedReturn(cashFlows),
    flows,
    subPeriods: twr.subPeriods,
    cashFlows,
  };
}

/**
 * The dividends by the day each counts on in the time-weighted return: its pay date while
 * something is held on the eve of it; otherwise the day the last sale before it emptied what was
 * held (the first of the days worth nothing after one worth something). Without such a day in the
 * period, none: no piece runs to count it in (not even one a buy on its pay date opens). One pass
 * over the days, whose dates ascend, and the dividends in pay-date order.
 */
function dividendsByTwrDay(
  days: readonly PeriodDay[],
  paid: readonly PaidIncome[],
): Map<string, Decimal[]> {
  const byDay = new Map<string, Decimal[]>();
  let eve = -1;
  // The day everything was sold, while nothing has been held since.
  let emptiedOn: string | null = null;
  for (const dividend of [...paid].sort((a, b) => (a.payDate < b.payDate ? -1 : 1))) {
    while (eve + 1 < days.length && days[eve + 1]!.date < dividend.payDate) {
      eve += 1;
      const day = days[eve]!;
      if (!isZero(day.value)) emptiedOn = null;
      else if (eve > 0 && !isZero(days[eve - 1]!.value)) emptiedOn = day.date;
    }
    const held = eve >= 0 && !isZero(days[eve]!.value);
    const on = held ? dividend.payDate : emptiedOn;
    if (on !== null) byDay.set(on, [...(byDay.get(on) ?? []), dividend.total]);
  }
  return byDay;
}

/** What periodFigures reads: the returns' totals, without what they are computed from. */
export type PeriodTotals = Pick<
  PeriodReturns,
  | "startValue"
  | "endValue"
  | "netFlows"
  | "realizedGain"
  | "income"
  | "timeWeightedReturn"
  | "moneyWeightedReturn"
>;

/** The figures the answers carry, with the unrealized gain (value less cost basis) it changed by. */
export function periodFigures(returns: PeriodTotals, unrealizedGain: Decimal) {
  return {
    startValue: returns.startValue,
    endValue: returns.endValue,
    netFlows: returns.netFlows,
    timeWeightedReturn: returns.timeWeightedReturn,
    moneyWeightedReturn: returns.moneyWeightedReturn,
    realizedGain: returns.realizedGain,
    unrealizedGain,
    income: returns.income,
    totalReturn: sum([unrealizedGain, returns.realizedGain, returns.income]),
  };
}
