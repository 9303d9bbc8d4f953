import {
  DEFAULT_PERFORMANCE_RANGE,
  PORTFOLIO_REFRESH_INTERVAL_MS,
} from "@ledgerline/contracts/browser";
import type { PerformanceRange, PortfolioRisk, RiskFigure } from "@ledgerline/contracts";
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
      title="How risky it has been"
      updating={risk.isFetching && !!data && "Updating risk figures"}
      controls={<PeriodToggle label="Risk period" value={range} onChange={setRange} />}
    >
      <CardBody
        data={data}
        failed={risk.isError}
        failure="The risk figures could not be loaded."
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
    <span className="text-muted">N/A</span>
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
      From <span className="num">{data.days}</span> daily returns: each weekday close&apos;s
      time-weighted return over the one before
      {data.startDate && data.endDate
        ? `, ${formatCalendarDate(data.startDate)} to ${formatCalendarDate(data.endDate)}`
        : ""}
      . Deposits, withdrawals and buys paid from outside are taken out first, as in the returns, so
      money put in is not a gain.
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
    <Figure label="Maximum drawdown" value={<Shown figure={drawdown} format={formatRatio} />}>
      <p>
        The deepest fall of the time-weighted growth from a high, over the{" "}
        <span className="num">{drawdown.closes}</span> closes of the value chart in this period.
      </p>
      {drawdown.peakDate && drawdown.troughDate ? (
        <p>
          Peak {formatCalendarDate(drawdown.peakDate)}, trough{" "}
          {formatCalendarDate(drawdown.troughDate)},{" "}
          {drawdown.recoveryDate
            ? `back at the peak on ${formatCalendarDate(drawdown.recoveryDate)}.`
            : "not yet back at the peak."}
        </p>
      ) : drawdown.value !== null ? (
        <p>It never fell below a high in this period.</p>
      ) : null}
      <Exact label="Drawdown" figure={drawdown} />
    </Figure>
  );
}

/** Beta and correlation against the benchmark. */
function BenchmarkFigures({ data }: { data: PortfolioRisk }) {
  const why = data.explanation;
  return (
    <>
      <Figure
        label={`Beta vs ${data.benchmark.symbol}`}
        value={<Shown figure={data.beta} format={formatNumber} />}
      >
        <p>
          Covariance of the daily returns with {data.benchmark.symbol}&apos;s (dividends reinvested)
          on the same <span className="num">{data.benchmark.days}</span> days ÷{" "}
          {data.benchmark.symbol}&apos;s variance. 1 moves with the market; 0.5 half as far.
        </p>
        <ul className="list-inside list-disc">
          <Line label="Covariance" value={why.covariance} />
          <Line
            label={`${data.benchmark.symbol} daily standard deviation`}
            value={why.benchmarkDailyStandardDeviation}
          />
        </ul>
        <Exact label="Beta" figure={data.beta} />
      </Figure>
      <Figure
        label={`Correlation with ${data.benchmark.symbol}`}
        value={<Shown figure={data.correlation} format={formatNumber} />}
      >
        <p>
          Covariance ÷ (the portfolio&apos;s daily standard deviation × {data.benchmark.symbol}
          &apos;s), over the same <span className="num">{data.benchmark.days}</span> days: 1 moves
          in step, 0 unrelated, −1 opposite.
        </p>
        <Exact label="Correlation" figure={data.correlation} />
      </Figure>
    </>
  );
}

function RiskFigures({ data }: { data: PortfolioRisk }) {
  const { explanation: why } = data;
  return (
    <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Figure
        label="Volatility (annualized)"
        value={<Shown figure={data.volatility} format={percentOf} />}
      >
        <DaysNote data={data} />
        <p>The sample standard deviation of the daily returns × √{data.tradingDaysPerYear}.</p>
        <ul className="list-inside list-disc">
          <Line label="Daily standard deviation" value={why.dailyStandardDeviation} />
        </ul>
        <Exact label="Volatility" figure={data.volatility} />
      </Figure>
      <DrawdownFigure data={data} />
      <Figure
        label="Sharpe ratio"
        value={<Shown figure={data.sharpeRatio} format={formatNumber} />}
      >
        <DaysNote data={data} />
        <p>(Mean daily return × {data.tradingDaysPerYear} − risk-free rate) ÷ volatility.</p>
        <ul className="list-inside list-disc">
          <Line label="Mean daily return" value={why.meanDailyReturn} />
          <Line label="Annualized return" value={why.annualizedReturn} />
          <Line label="Risk-free rate (a year)" value={data.riskFreeRate} />
        </ul>
        <Exact label="Sharpe ratio" figure={data.sharpeRatio} />
      </Figure>
      <BenchmarkFigures data={data} />
    </dl>
  );
}
