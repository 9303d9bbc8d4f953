import {
  BENCHMARK_SYMBOL,
  riskReasons,
  type PortfolioPerformanceInput,
  type PortfolioRisk,
  type RiskFigure,
} from "@ledgerline/contracts";
import {
  add,
  againstBenchmark,
  dailyReturnsOf,
  maxDrawdownOf,
  TRADING_DAYS_PER_YEAR,
  volatilityOf,
  type Decimal,
} from "@ledgerline/money";
import { textIn } from "../locale/catalog";
import type { AnswerLanguage } from "../locale/answer-language";
import type { UserScope } from "../platform/scope";
import { returnLineOf } from "./return-line";

/**
 * How risky the portfolio has been over a range (issue 33, decision 0045). Everything is worked
 * from the value chart's return line (`portfolioHistory` with the "return" basis): each close's
 * time-weighted return from the range's start, the external flows (deposits, buys paid from
 * outside) already taken out as the Returns panel takes them out, beside SPY's total return
 * from the same close. The growth index is 1 + that return.
 * - The maximum drawdown is over every close of the chart.
 * - The daily returns are from one weekday close to the next (a weekend's moves, crypto's, fall
 *   into Monday's), so that 252 of them make a year and each lines up with a day of SPY's.
 */
export async function portfolioRiskOf(
  scope: UserScope,
  input: PortfolioPerformanceInput,
): Promise<PortfolioRisk> {
  const { held, spy } = await returnLineOf(scope, input);
  const weekdays = held.filter((point) => isWeekday(point.date));
  const returns = dailyReturnsOf(weekdays.map(growthOf));
  const riskFreeRate = scope.deps.config.riskFreeRate;
  const volatility = volatilityOf(returns, riskFreeRate);

  // SPY's returns on the same weekday closes: every chart day has a point when it has any.
  const spyCloses = weekdays.map((point) => spy.get(point.date));
  const spyReturns = spyCloses.every((value) => value !== undefined)
    ? dailyReturnsOf(spyCloses.map((value) => add("1", value)))
    : null;
  const compared = spyReturns && againstBenchmark(returns, spyReturns);

  const drawdown = maxDrawdownOf(
    held.map((point) => ({ date: point.date, value: growthOf(point) })),
  );
  const tooFew =
    held.length === 0 ? riskReasons.nothingHeld : riskReasons.tooFewDays(returns.length);
  const missing = (reason: string): RiskFigure => ({ value: null, reason });
  const found = (value: Decimal | null, otherwise: string): RiskFigure =>
    value === null ? missing(otherwise) : { value, reason: null };
  const benchmarkFigure = (value: Decimal | null | undefined): RiskFigure =>
    !volatility
      ? missing(tooFew)
      : !spyReturns || !compared
        ? missing(riskReasons.noBenchmark)
        : // Beta is missing only when SPY never moved; correlation also when the portfolio never did.
          found(
            value ?? null,
            compared.beta === null ? riskReasons.benchmarkFlat : riskReasons.noVariation,
          );

  return {
    range: input.range,
    startDate: held[0]?.date ?? null,
    endDate: held.at(-1)?.date ?? null,
    days: returns.length,
    tradingDaysPerYear: TRADING_DAYS_PER_YEAR,
    riskFreeRate,
    benchmark: { symbol: BENCHMARK_SYMBOL, days: compared?.days ?? 0 },
    volatility: volatility ? found(volatility.volatility, tooFew) : missing(tooFew),
    sharpeRatio: volatility
      ? found(volatility.sharpeRatio, riskReasons.noVariation)
      : missing(tooFew),
    beta: benchmarkFigure(compared?.beta),
    correlation: benchmarkFigure(compared?.correlation),
    maxDrawdown: {
      ...(drawdown
        ? { value: drawdown.value, reason: null }
        : missing(held.length === 0 ? riskReasons.nothingHeld : riskReasons.tooFewCloses)),
      closes: held.length,
      peakDate: drawdown?.peakDate ?? null,
      troughDate: drawdown?.troughDate ?? null,
      recoveryDate: drawdown?.recoveryDate ?? null,
    },
    explanation: {
      meanDailyReturn: volatility?.meanDailyReturn ?? null,
      dailyStandardDeviation: volatility?.dailyStandardDeviation ?? null,
      annualizedReturn: volatility?.annualizedReturn ?? null,
      benchmarkDailyStandardDeviation: compared?.benchmarkDailyStandardDeviation ?? null,
      covariance: compared?.covariance ?? null,
    },
  };
}

/**
 * The risk answer with each missing figure's reason in the reader's language (decision 0070):
 * the reasons are the contracts' English (riskReasons), put into the language through the
 * catalog's `api_risk_*` keys as the answer goes out. English as it is.
 */
export function portfolioRiskIn(risk: PortfolioRisk, language: AnswerLanguage): PortfolioRisk {
  if (language === "en") return risk;
  const reasonIn = <T extends RiskFigure>(figure: T): T =>
    figure.reason === null ? figure : { ...figure, reason: textIn(figure.reason, language) };
  return {
    ...risk,
    volatility: reasonIn(risk.volatility),
    sharpeRatio: reasonIn(risk.sharpeRatio),
    beta: reasonIn(risk.beta),
    correlation: reasonIn(risk.correlation),
    maxDrawdown: reasonIn(risk.maxDrawdown),
  };
}

const growthOf = (point: { timeWeightedReturn: Decimal }): Decimal =>
  add("1", point.timeWeightedReturn);

/** Monday to Friday, a calendar day (UTC) read as the market's clock reads it. */
const isWeekday = (date: string): boolean => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day !== 0 && day !== 6;
};
