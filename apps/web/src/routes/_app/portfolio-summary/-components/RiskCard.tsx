import {
  DEFAULT_PERFORMANCE_RANGE,
  PORTFOLIO_REFRESH_INTERVAL_MS,
} from "@ledgerline/contracts/browser";
import type { PerformanceRange, PortfolioRisk, RiskFigure } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { multiply } from "@ledgerline/money";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CardBody } from "../../../../components/CardBody";
import { useState } from "react";
import { PeriodToggle } from "./PeriodToggle";
import { formatCalendarDate, formatNumber, formatRatio, formatShare } from "../../../../lib/format";
import { unbatchedTrpc } from "../../../../lib/trpc-unbatched";
import { Figure } from "./ReturnFigures";
import { Panel } from "../../../../components/ui/Panel";
import { BeforeTheUpdate } from "../../../../components/portfolio/BeforeTheUpdate";
import { messageWith } from "./message-parts";

/**
 * How risky the portfolio has been (issue 33): volatility, the deepest fall, the Sharpe ratio,
 * beta and correlation against SPY, each with an 'Explain' panel saying how it was worked and
 * from how many days. The server works them exactly from the value chart's return line.
 */
export default function RiskCard({ accountId }: { accountId: number | undefined }) {
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_PERFORMANCE_RANGE);
  const risk = useQuery({
    // Alone: it waits for a history recompute, which would hold the reads batched with it.
    ...unbatchedTrpc.insights.risk.queryOptions(
      accountId === undefined ? { range } : { range, accountId },
    ),
    placeholderData: keepPreviousData,
    staleTime: PORTFOLIO_REFRESH_INTERVAL_MS,
  });
  const data = risk.data;
  return (
    <Panel
      titleId="risk-heading"
      title={m.summary_risk_title()}
      updating={risk.isFetching && !!data && m.summary_updating_risk()}
      controls={<PeriodToggle label={m.summary_risk_period()} value={range} onChange={setRange} />}
    >
      <CardBody
        data={data}
        failed={risk.isError}
        failure={m.summary_risk_failed()}
        skeleton="mt-4 h-32"
      >
        {(loaded) => (
          <BeforeTheUpdate updating={loaded.updating}>
            <RiskFigures data={loaded} />
          </BeforeTheUpdate>
        )}
      </CardBody>
    </Panel>
  );
}

/** A figure, or N/A with why not. */
function Shown({ figure, format }: { figure: RiskFigure; format: (value: string) => string }) {
  return figure.value === null ? (
    <span className="text-muted">{m.portfolio_not_available()}</span>
  ) : (
    <span className="num">{format(figure.value)}</span>
  );
}

/** The exact figure the server answered, and why one is missing. */
function Exact({ label, figure }: { label: string; figure: RiskFigure }) {
  return figure.value === null ? (
    <p>{figure.reason}</p>
  ) : (
    <p>
      {label}: <span className="num">{figure.value}</span>
    </p>
  );
}

const percentOf = (ratio: string) => formatShare(multiply(ratio, "100"));

/** The days the figures come from, and how flows are kept out of them. */
function DaysNote({ data }: { data: PortfolioRisk }) {
  return (
    <p>
      {messageWith(m.summary_risk_days_note, {
        days: <span className="num">{data.days}</span>,
        range:
          data.startDate && data.endDate
            ? m.summary_risk_days_range({
                from: formatCalendarDate(data.startDate),
                to: formatCalendarDate(data.endDate),
              })
            : "",
      })}
    </p>
  );
}

/** One intermediate figure of the working, if there is one. */
function Line({ label, value }: { label: string; value: string | null }) {
  return value === null ? null : (
    <li>
      {label}: <span className="num">{value}</span>
    </li>
  );
}

/** The deepest fall from a high: its peak, trough and recovery. */
function DrawdownFigure({ data }: { data: PortfolioRisk }) {
  const drawdown = data.maxDrawdown;
  return (
    <Figure
      label={m.summary_max_drawdown()}
      value={<Shown figure={drawdown} format={formatRatio} />}
    >
      <p>
        {messageWith(m.summary_drawdown_note, {
          closes: <span className="num">{drawdown.closes}</span>,
        })}
      </p>
      {drawdown.peakDate && drawdown.troughDate ? (
        <p>
          {drawdown.recoveryDate
            ? m.summary_drawdown_recovered({
                peak: formatCalendarDate(drawdown.peakDate),
                trough: formatCalendarDate(drawdown.troughDate),
                recovery: formatCalendarDate(drawdown.recoveryDate),
              })
            : m.summary_drawdown_not_recovered({
                peak: formatCalendarDate(drawdown.peakDate),
                trough: formatCalendarDate(drawdown.troughDate),
              })}
        </p>
      ) : drawdown.value !== null ? (
        <p>{m.summary_drawdown_never()}</p>
      ) : null}
      <Exact label={m.summary_drawdown()} figure={drawdown} />
    </Figure>
  );
}

/** Beta and correlation against the benchmark. */
function BenchmarkFigures({ data }: { data: PortfolioRisk }) {
  const why = data.explanation;
  return (
    <>
      <Figure
        label={m.summary_beta_label({ symbol: data.benchmark.symbol })}
        value={<Shown figure={data.beta} format={formatNumber} />}
      >
        <p>
          {messageWith(m.summary_beta_note, {
            symbol: data.benchmark.symbol,
            days: <span className="num">{data.benchmark.days}</span>,
          })}
        </p>
        <ul className="list-inside list-disc">
          <Line label={m.summary_covariance()} value={why.covariance} />
          <Line
            label={m.summary_benchmark_daily_deviation({ symbol: data.benchmark.symbol })}
            value={why.benchmarkDailyStandardDeviation}
          />
        </ul>
        <Exact label="Beta" figure={data.beta} />
      </Figure>
      <Figure
        label={m.summary_correlation_label({ symbol: data.benchmark.symbol })}
        value={<Shown figure={data.correlation} format={formatNumber} />}
      >
        <p>
          {messageWith(m.summary_correlation_note, {
            symbol: data.benchmark.symbol,
            days: <span className="num">{data.benchmark.days}</span>,
          })}
        </p>
        <Exact label={m.summary_correlation()} figure={data.correlation} />
      </Figure>
    </>
  );
}

function RiskFigures({ data }: { data: PortfolioRisk }) {
  const { explanation: why } = data;
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Figure
        label={m.summary_volatility_label()}
        value={<Shown figure={data.volatility} format={percentOf} />}
      >
        <DaysNote data={data} />
        <p>{m.summary_volatility_note({ days: String(data.tradingDaysPerYear) })}</p>
        <ul className="list-inside list-disc">
          <Line label={m.summary_daily_deviation()} value={why.dailyStandardDeviation} />
        </ul>
        <Exact label={m.summary_volatility()} figure={data.volatility} />
      </Figure>
      <DrawdownFigure data={data} />
      <Figure
        label={m.summary_sharpe_ratio()}
        value={<Shown figure={data.sharpeRatio} format={formatNumber} />}
      >
        <DaysNote data={data} />
        <p>{m.summary_sharpe_note({ days: String(data.tradingDaysPerYear) })}</p>
        <ul className="list-inside list-disc">
          <Line label={m.summary_mean_daily_return()} value={why.meanDailyReturn} />
          <Line label={m.summary_annualized_return()} value={why.annualizedReturn} />
          <Line label={m.summary_risk_free_rate()} value={data.riskFreeRate} />
        </ul>
        <Exact label={m.summary_sharpe_ratio()} figure={data.sharpeRatio} />
      </Figure>
      <BenchmarkFigures data={data} />
    </dl>
  );
}
