import {
  DEFAULT_PERFORMANCE_RANGE,
  PORTFOLIO_REFRESH_INTERVAL_MS,
} from "@ledgerline/contracts/browser";
import type { PerformanceRange, PortfolioPerformanceDetail } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CardBody } from "../../../../components/CardBody";
import { memo, useState } from "react";
import { PeriodToggle } from "./PeriodToggle";
import {
  formatCalendarDate,
  formatCurrency,
  formatNumber,
  formatRatio,
} from "../../../../lib/format";
import { unbatchedTrpc } from "../../../../lib/trpc-unbatched";
import { HoldingReturns } from "./HoldingReturns";
import { RealizedMethods } from "./RealizedMethods";
import { MoneyText } from "../../../../components/money/Money";
import { Amount, Figure, isUnderAYear, Ratio } from "./ReturnFigures";
import { Panel } from "../../../../components/ui/Panel";
import { BeforeTheUpdate } from "../../../../components/portfolio/BeforeTheUpdate";
import { messageWith } from "./message-parts";

/**
 * The returns over a chosen period, each with an 'Explain' panel that lists what it is computed
 * from, so it can be checked by hand. The server computes every figure exactly (issue 15). It
 * reads only its own queries: a live tick that re-renders the summary page leaves it alone, and
 * the figures are computed again at current prices each time the summary is read again (every
 * minute), so they never drift from the cards for longer than that.
 */
export const ReturnsPanel = memo(function ReturnsPanel({
  accountId,
}: {
  /** One investment account's returns (its own trades and dividends); all accounts without. */
  accountId?: number;
}) {
  const [range, setRange] = useState<PerformanceRange>(DEFAULT_PERFORMANCE_RANGE);
  const performance = useQuery({
    // Alone: it waits for a history recompute, which would hold the reads batched with it.
    ...unbatchedTrpc.portfolioSummary.performance.queryOptions(
      accountId === undefined ? { range } : { range, accountId },
    ),
    placeholderData: keepPreviousData,
    staleTime: PORTFOLIO_REFRESH_INTERVAL_MS,
    refetchInterval: PORTFOLIO_REFRESH_INTERVAL_MS,
  });
  const data = performance.data;

  return (
    <Panel
      titleId="returns-heading"
      title={m.summary_returns_title()}
      updating={performance.isFetching && !!data && m.summary_updating_returns()}
      controls={
        <PeriodToggle label={m.summary_returns_period()} value={range} onChange={setRange} />
      }
    >
      <CardBody
        data={data}
        failed={performance.isError}
        failure={m.summary_returns_failed()}
        skeleton="mt-4 h-40"
      >
        {(loaded) => (
          <BeforeTheUpdate updating={loaded.updating}>
            <Figures data={loaded} />
          </BeforeTheUpdate>
        )}
      </CardBody>
      <HoldingReturns range={range} />
    </Panel>
  );
});

/** The period the figures cover: from the start's close and value to the end's. */
function PeriodNote({ data }: { data: PortfolioPerformanceDetail }) {
  return (
    <p>
      {messageWith(m.summary_period_note, {
        start: formatCalendarDate(data.startDate),
        startValue: (
          <span className="num">
            <MoneyText usd={data.startValue} />
          </span>
        ),
        end: formatCalendarDate(data.endDate),
        endValue: (
          <span className="num">
            <MoneyText usd={data.endValue} />
          </span>
        ),
      })}
    </p>
  );
}

/** The flows of the period, and where they come from. */
function FlowsTable({ explanation }: { explanation: PortfolioPerformanceDetail["explanation"] }) {
  return (
    <>
      <FlowSources sources={explanation.flowSources} />
      <AmountTable
        caption={m.summary_flows_caption()}
        rows={explanation.flows.map((flow) => ({
          ...flow,
          what: flowLabel(flow),
        }))}
        empty={m.summary_flows_empty()}
      />
    </>
  );
}

/** The gains, the income and the total return, each with how it was worked out. */
function GainFigures({ data }: { data: PortfolioPerformanceDetail }) {
  const { explanation } = data;
  return (
    <>
      <Figure label={m.summary_realized_gain()} value={<Amount value={data.realizedGain} />}>
        <p>{m.summary_realized_gain_note()}</p>
        <RealizedMethods methods={explanation.realizedMethods} />
      </Figure>
      <Figure label={m.summary_unrealized_gain()} value={<Amount value={data.unrealizedGain} />}>
        <p>{m.summary_unrealized_gain_note()}</p>
        <PeriodNote data={data} />
      </Figure>
      <Figure label={m.summary_income()} value={<Amount value={data.income} />}>
        <p>{m.summary_income_note()}</p>
      </Figure>
      <Figure label={m.summary_total_return()} value={<Amount value={data.totalReturn} />}>
        <p>
          {m.summary_total_return_formula()}{" "}
          <span className="num">
            <MoneyText usd={data.endValue} /> − <MoneyText usd={data.startValue} /> −{" "}
            <MoneyText usd={data.netFlows} /> + <MoneyText usd={data.income} /> ={" "}
            <MoneyText usd={data.totalReturn} signed />
          </span>
        </p>
        <FlowsTable explanation={explanation} />
      </Figure>
    </>
  );
}

/** The time- and money-weighted returns and the benchmark's, each with how it was worked out. */
function RateFigures({ data }: { data: PortfolioPerformanceDetail }) {
  const { explanation } = data;
  const underAYear = isUnderAYear(data.startDate, data.endDate);
  return (
    <>
      <Figure label={m.summary_twr_label()} value={<Ratio value={data.timeWeightedReturn} />} wide>
        <PeriodNote data={data} />
        <p>{m.summary_twr_note()}</p>
        <SubPeriodsTable pieces={explanation.subPeriods} />
        <FlowsTable explanation={explanation} />
      </Figure>
      <Figure
        label={underAYear ? m.summary_mwr_cumulative_label() : m.summary_mwr_annualized_label()}
        value={
          <Ratio
            value={underAYear ? data.moneyWeightedReturnCumulative : data.moneyWeightedReturn}
          />
        }
        wide
      >
        <p>{m.summary_mwr_note()}</p>
        {underAYear && (
          <p>
            {messageWith(m.summary_mwr_under_a_year, {
              rate: <span className="num">{formatRatio(data.moneyWeightedReturn)}</span>,
            })}
          </p>
        )}
        <AmountTable
          caption={m.summary_cash_flows_caption()}
          rows={explanation.cashFlows}
          empty={m.summary_cash_flows_empty()}
        />
      </Figure>
      <Figure
        label={m.summary_benchmark_label({ symbol: data.benchmark.symbol })}
        value={<Ratio value={data.benchmark.timeWeightedReturn} />}
      >
        <BenchmarkExplanation symbol={data.benchmark.symbol} benchmark={explanation.benchmark} />
      </Figure>
    </>
  );
}

function Figures({ data }: { data: PortfolioPerformanceDetail }) {
  return (
    <>
      <p className="mt-2 text-sm text-muted">
        {m.summary_date_range({
          from: formatCalendarDate(data.startDate),
          to: formatCalendarDate(data.endDate),
        })}
      </p>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <GainFigures data={data} />
        <RateFigures data={data} />
      </dl>
    </>
  );
}

/** What one flow of the Explain table is, as its row names it. */
export function flowLabel(
  flow: Pick<PortfolioPerformanceDetail["explanation"]["flows"][number], "kind" | "symbol">,
): string {
  switch (flow.kind) {
    case "dividend":
      return m.summary_flow_dividend({ symbol: flow.symbol ?? "" });
    case "cash":
      return m.summary_flow_cash();
    case "holding":
      return m.summary_flow_holding();
    case "trades":
      return m.summary_flow_trades();
  }
}

/** Which flows the returns used: whose, counted by trades or by cash, and how many. */
export function flowSourceText(
  source: PortfolioPerformanceDetail["explanation"]["flowSources"][number],
): string {
  const names = source.accounts.map((account) => account.name).join(", ");
  const what =
    source.basis === "cash"
      ? m.summary_flow_source_cash({ names })
      : m.summary_flow_source_trades({ names });
  const days = source.count === 1 ? m.summary_flow_source_day : m.summary_flow_source_days;
  return days({ what, count: formatNumber(source.count) });
}

function FlowSources({
  sources,
}: {
  sources: PortfolioPerformanceDetail["explanation"]["flowSources"];
}) {
  return (
    <div>
      <p>{m.summary_flows_used()}</p>
      <ul className="list-disc pl-5">
        {sources.map((source) => (
          <li key={`${source.basis}:${source.accounts.map((account) => account.id).join(",")}`}>
            {flowSourceText(source)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The benchmark's total return: its closes, and each dividend reinvested on its ex-date. */
function BenchmarkExplanation({
  symbol,
  benchmark,
}: {
  symbol: string;
  benchmark: PortfolioPerformanceDetail["explanation"]["benchmark"];
}) {
  const closes = (
    <span className="num">
      {formatCurrency(benchmark.endClose)} ÷ {formatCurrency(benchmark.startClose)}
    </span>
  );
  if (benchmark.dividends.length === 0) {
    return <p>{messageWith(m.summary_benchmark_no_dividends, { symbol, closes })}</p>;
  }
  return (
    <>
      <p>{messageWith(m.summary_benchmark_dividends, { symbol, closes })}</p>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full text-left text-sm">
          <caption className="text-left font-medium">
            {m.summary_benchmark_dividends_caption({ symbol })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{m.summary_col_ex_date()}</th>
              <th scope="col" className="text-right">
                {m.summary_col_dividend()}
              </th>
              <th scope="col" className="text-right">
                {m.summary_col_previous_close()}
              </th>
              <th scope="col" className="text-right">
                {m.summary_col_ex_date_close()}
              </th>
            </tr>
          </thead>
          <tbody className="num">
            {benchmark.dividends.map((dividend) => (
              <tr key={dividend.exDate}>
                <td>{formatCalendarDate(dividend.exDate)}</td>
                <td className="text-right">{formatCurrency(dividend.amount)}</td>
                <td className="text-right">{formatCurrency(dividend.previousClose)}</td>
                <td className="text-right">{formatCurrency(dividend.exClose)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The time-weighted return's pieces: one row each, or on a phone one card each (five columns of
 * dates and amounts ran together at 390 px, and the dates wrapped over three lines).
 */
function SubPeriodsTable({
  pieces,
}: {
  pieces: PortfolioPerformanceDetail["explanation"]["subPeriods"];
}) {
  return (
    <>
      <ol aria-label={m.summary_sub_periods()} className="space-y-2 sm:hidden">
        {pieces.map((piece) => (
          <li key={piece.from} className="rounded-md border border-border bg-surface p-2">
            <p className="num font-medium whitespace-nowrap">
              {m.summary_date_range({
                from: formatCalendarDate(piece.from),
                to: formatCalendarDate(piece.to),
              })}
            </p>
            <dl className="num mt-1 grid grid-cols-3 gap-2">
              <div>
                <dt className="text-xs text-muted">{m.summary_col_start_value()}</dt>
                <dd>
                  <MoneyText usd={piece.startValue} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">{m.summary_col_end_value()}</dt>
                <dd>
                  <MoneyText usd={piece.endValue} />
                </dd>
              </div>
              <div className="text-right">
                <dt className="text-xs text-muted">{m.summary_col_return()}</dt>
                <dd>{formatRatio(piece.return)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto sm:block">
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{m.summary_sub_periods()}</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                {m.summary_col_from()}
              </th>
              <th scope="col" className="pr-3">
                {m.summary_col_to()}
              </th>
              <th scope="col" className="px-3 text-right">
                {m.summary_col_start_value()}
              </th>
              <th scope="col" className="px-3 text-right">
                {m.summary_col_end_value()}
              </th>
              <th scope="col" className="pl-3 text-right">
                {m.summary_col_return()}
              </th>
            </tr>
          </thead>
          <tbody className="num">
            {pieces.map((piece) => (
              <tr key={piece.from}>
                <td className="pr-3 whitespace-nowrap">{formatCalendarDate(piece.from)}</td>
                <td className="pr-3 whitespace-nowrap">{formatCalendarDate(piece.to)}</td>
                <td className="px-3 text-right">
                  <MoneyText usd={piece.startValue} />
                </td>
                <td className="px-3 text-right">
                  <MoneyText usd={piece.endValue} />
                </td>
                <td className="pl-3 text-right">{formatRatio(piece.return)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function AmountTable({
  caption,
  rows,
  empty,
}: {
  caption: string;
  rows: { date: string; amount: string; what?: string }[];
  empty: string;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  const described = rows.some((row) => row.what !== undefined);
  return (
    <div className="overflow-x-auto">
      <table className="mt-2 w-full text-left text-sm">
        <caption className="text-left font-medium">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.summary_col_date()}</th>
            {described && <th scope="col">{m.summary_col_what()}</th>}
            <th scope="col" className="text-right">
              {m.summary_col_amount()}
            </th>
          </tr>
        </thead>
        <tbody className="num">
          {rows.map((row, index) => (
            // A day can hold trades and dividends, so the date alone is not a key.
            <tr key={`${row.date}-${index}`}>
              <td>{formatCalendarDate(row.date)}</td>
              {described && <td>{row.what}</td>}
              <td className="text-right">
                <MoneyText usd={row.amount} signed />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
