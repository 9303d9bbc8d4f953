import type { PerformanceExplanation } from "@ledgerline/contracts";
import type { PaidIncome } from "@ledgerline/db";
import {
  add,
  compoundedOver,
  dailyCashFlows,
  DailyFlowsBefore,
  finishTimeWeighted,
  isZero,
  rateOfDailyFlows,
  subtract,
  sum,
  timeWeightedThrough,
  type CashFlow,
  type DailyValue,
  type Decimal,
  type SubPeriod,
  type TimeWeightedThrough,
} from "@ledgerline/money";
import { dayNumberOf } from "./holding-flows";

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
  /** Days from the money-weighted return's first cash flow to its last: what its rate is yearly over. */
  moneyWeightedDays: number;
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
  const end = days.at(-1);
  return closePeriod(openPeriod(days.slice(0, -1), dividends, end?.date ?? ""), end);
}

/**
 * A period worked through every day but its last (`endDate`): what the stored days up to
 * yesterday give, kept while they stand, for each read to close with today (closePeriod). The
 * dividends paid on the last day are known before it: only its value and trades are not.
 */
export interface OpenPeriod {
  /** The first day, null when the last day is the only one. */
  start: PeriodDay | null;
  endDate: string;
  /** The dividends the time-weighted return counts on the last day. */
  paidOnEnd: readonly Decimal[];
  /** The flows before the last day, in date order, and the dividends paid on it. */
  flowsBefore: PeriodReturns["flows"];
  dividendsOnEnd: PeriodReturns["flows"];
  netFlowsBefore: Decimal;
  realizedBefore: Decimal;
  income: Decimal;
  twr: TimeWeightedThrough;
  /** The XIRR's cash flows before the last day, and summed per day (dailyCashFlows). */
  cashFlowsBefore: CashFlow[];
  dailyBefore: CashFlow[];
  /** The same daily flows, their rate terms kept for each close (a read's today). */
  ratesBefore: DailyFlowsBefore;
}

export function openPeriod(
  daysBefore: readonly PeriodDay[],
  dividends: readonly PaidIncome[],
  endDate: string,
): OpenPeriod {
  const start = daysBefore[0] ?? null;
  const startDate = start?.date ?? endDate;
  // The first day's trades are inside its close: the period's flows are the days after it.
  const inPeriod = daysBefore.slice(1);
  const tradeFlows = inPeriod.filter((day) => !isZero(day.flow));
  const paid = dividends.filter(
    (dividend) => dividend.payDate > startDate && dividend.payDate <= endDate,
  );
  // Every day a dividend can count on comes before the one it is paid on, so before the last.
  const paidOn = dividendsByTwrDay(daysBefore, paid);
  const dividendFlow = (dividend: PaidIncome) => ({
    date: dividend.payDate,
    amount: subtract("0", dividend.total),
    kind: "dividend" as const,
    symbol: dividend.symbol,
  });
  const flowsBefore: PeriodReturns["flows"] = [
    ...tradeFlows.map((day) => ({
      date: day.date,
      amount: day.flow,
      kind: "trades" as const,
      symbol: null,
    })),
    ...paid.filter((dividend) => dividend.payDate < endDate).map(dividendFlow),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));

  const twr = timeWeightedThrough(daysBefore.map((day, index) => twrDay(day, index, paidOn)));
  const startValue = start?.value ?? "0";
  const cashFlowsBefore: CashFlow[] = [
    ...(start === null || isZero(startValue)
      ? []
      : [{ date: startDate, amount: subtract("0", startValue) }]),
    ...flowsBefore.map(investorsFlow),
  ];
  const dailyBefore = dailyCashFlows(cashFlowsBefore);
  return {
    start,
    endDate,
    paidOnEnd: paidOn.get(endDate) ?? [],
    flowsBefore,
    dividendsOnEnd: paid.filter((dividend) => dividend.payDate === endDate).map(dividendFlow),
    netFlowsBefore: sum(tradeFlows.map((day) => day.flow)),
    realizedBefore: sum(inPeriod.map((day) => day.realized)),
    income: sum(paid.map((dividend) => dividend.total)),
    twr,
    cashFlowsBefore,
    dailyBefore,
    ratesBefore: new DailyFlowsBefore(dailyBefore),
  };
}

/**
 * closePeriod's time-weighted return alone: what a line kept through yesterday adds today's
 * close with (insights/return-line.ts), without the money-weighted return's search.
 */
export function closeTimeWeighted(
  open: OpenPeriod,
  end: PeriodDay | undefined,
): ReturnType<typeof finishTimeWeighted> {
  // The last day is a day of the period after its first, unless it is the only one.
  const ending = open.start && end ? end : null;
  // Without days before it, the last day is the first: no piece runs (finishTimeWeighted).
  return finishTimeWeighted(
    open.twr,
    ending
      ? { date: ending.date, value: ending.value, flow: lessPaid(ending.flow, open.paidOnEnd) }
      : undefined,
  );
}

/** The open period's returns with `end` as its last day (none: a period of no days). */
export function closePeriod(open: OpenPeriod, end: PeriodDay | undefined): PeriodReturns {
  const start = open.start ?? end;
  const startValue = start?.value ?? "0";
  const endValue = end?.value ?? "0";
  const startDate = start?.date ?? "";
  const endDate = end?.date ?? "";
  // The last day is a day of the period after its first, unless it is the only one.
  const ending = open.start && end ? end : null;
  const endTrades =
    ending && !isZero(ending.flow)
      ? [{ date: endDate, amount: ending.flow, kind: "trades" as const, symbol: null }]
      : [];
  const endFlows = [...endTrades, ...open.dividendsOnEnd];
  const twr = closeTimeWeighted(open, end);
  const onEnd: CashFlow[] = [
    ...(open.start === null && !isZero(startValue)
      ? [{ date: startDate, amount: subtract("0", startValue) }]
      : []),
    ...endFlows.map(investorsFlow),
    ...(isZero(endValue) ? [] : [{ date: endDate, amount: endValue }]),
  ];
  // A period that starts on its last day has the start's flow and the last day's on one day.
  const merged = open.dailyBefore.at(-1)?.date === open.endDate;
  const onEndDaily = merged ? [] : dailyCashFlows(onEnd);
  const daily = merged
    ? dailyCashFlows([...open.cashFlowsBefore, ...onEnd])
    : [...open.dailyBefore, ...onEndDaily];
  return {
    startValue,
    endValue,
    netFlows: ending ? add(open.netFlowsBefore, ending.flow) : open.netFlowsBefore,
    realizedGain: ending ? add(open.realizedBefore, ending.realized) : open.realizedBefore,
    income: open.income,
    timeWeightedReturn: twr.timeWeightedReturn,
    moneyWeightedReturn: merged ? rateOfDailyFlows(daily) : open.ratesBefore.rateWith(onEndDaily),
    moneyWeightedDays: daily[0] ? dayNumberOf(daily.at(-1)!.date) - dayNumberOf(daily[0].date) : 0,
    flows: [...open.flowsBefore, ...endFlows],
    subPeriods: twr.subPeriods,
    cashFlows: [...open.cashFlowsBefore, ...onEnd],
  };
}

/**
 * The days as the time-weighted return of periodReturns sees them: the first day's trades inside
 * its close, each later day's flow less the dividends counted on it. The value chart's return
 * line takes each day's return from the first (timeWeightedReturns): its last is periodReturns'.
 */
export function timeWeightedDays(
  days: readonly PeriodDay[],
  dividends: readonly PaidIncome[],
): DailyValue[] {
  const startDate = days[0]?.date ?? "";
  const endDate = days.at(-1)?.date ?? "";
  const paid = dividends.filter(
    (dividend) => dividend.payDate > startDate && dividend.payDate <= endDate,
  );
  const paidOn = dividendsByTwrDay(days, paid);
  return days.map((day, index) => twrDay(day, index, paidOn));
}

/** A day as the time-weighted return sees it: its trades' flow less the dividends counted on it. */
function twrDay(day: PeriodDay, index: number, paidOn: Map<string, Decimal[]>) {
  const flow = index === 0 ? "0" : day.flow;
  return { date: day.date, value: day.value, flow: lessPaid(flow, paidOn.get(day.date) ?? []) };
}

const lessPaid = (flow: Decimal, paid: readonly Decimal[]) =>
  paid.length > 0 ? subtract(flow, sum(paid)) : flow;

/** A flow of the portfolio as the investor sees it: money put in is paid, taken out received. */
const investorsFlow = (flow: { date: string; amount: Decimal }): CashFlow => ({
  date: flow.date,
  amount: subtract("0", flow.amount),
});

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
  | "moneyWeightedDays"
>;

/** The figures the answers carry, with the unrealized gain (value less cost basis) it changed by. */
export function periodFigures(returns: PeriodTotals, unrealizedGain: Decimal) {
  return {
    startValue: returns.startValue,
    endValue: returns.endValue,
    netFlows: returns.netFlows,
    timeWeightedReturn: returns.timeWeightedReturn,
    moneyWeightedReturn: returns.moneyWeightedReturn,
    moneyWeightedReturnCumulative: compoundedOver(
      returns.moneyWeightedReturn,
      returns.moneyWeightedDays,
    ),
    realizedGain: returns.realizedGain,
    unrealizedGain,
    income: returns.income,
    totalReturn: sum([unrealizedGain, returns.realizedGain, returns.income]),
  };
}
