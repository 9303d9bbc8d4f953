import {
  DEFAULT_PERFORMANCE_RANGE,
  PORTFOLIO_REFRESH_INTERVAL_MS,
} from "@ledgerline/contracts/browser";
import type { PerformanceRange, PortfolioPerformanceDetail } from "@ledgerline/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CardBody } from "../../../../components/CardBody";
import { memo, useState } from "react";
import { PeriodToggle } from "./PeriodToggle";
import { formatCalendarDate, formatCurrency, formatRatio } from "../../../../lib/format";
import { unbatchedTrpc } from "../../../../lib/trpc-unbatched";
import { HoldingReturns } from "./HoldingReturns";
import { RealizedMethods } from "./RealizedMethods";
import { MoneyText } from "../../../../components/money/Money";
import { Amount, Figure, isUnderAYear, Ratio } from "./ReturnFigures";
import { Panel } from "../../../../components/ui/Panel";
import { BeforeTheUpdate } from "../../../../components/portfolio/BeforeTheUpdate";

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
      title="Returns"
      updating={performance.isFetching && !!data && "Updating returns"}
      controls={<PeriodToggle label="Returns period" value={range} onChange={setRange} />}
    >
      <CardBody
        data={data}
        failed={performance.isError}
        failure="The returns could not be loaded."
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
      From the close of {formatCalendarDate(data.startDate)} (value{" "}
      <span className="num">
        <MoneyText usd={data.startValue} />
      </span>
      ) to {formatCalendarDate(data.endDate)} at current prices (value{" "}
      <span className="num">
        <MoneyText usd={data.endValue} />
      </span>
      ).
    </p>
  );
}

/** The flows of the period, and where they come from. */
function FlowsTable({ explanation }: { explanation: PortfolioPerformanceDetail["explanation"] }) {
  return (
    <>
      <FlowSources sources={explanation.flowSources} />
      <AmountTable
        caption="Money put in (buys) and taken out (sells, dividends paid) per day"
        rows={explanation.flows.map((flow) => ({
          ...flow,
          what: flowLabel(flow),
        }))}
        empty="No buys, sells or dividends in this period."
      />
    </>
  );
}

/** The gains, the income and the total return, each with how it was worked out. */
function GainFigures({ data }: { data: PortfolioPerformanceDetail }) {
  const { explanation } = data;
  return (
    <>
      <Figure label="Realized gain" value={<Amount value={data.realizedGain} />}>
        <p>Over the sells in this period.</p>
        <RealizedMethods methods={explanation.realizedMethods} />
      </Figure>
      <Figure label="Unrealized gain" value={<Amount value={data.unrealizedGain} />}>
        <p>
          Market value − cost basis of what is held, its change over the period (over All, the whole
          of it).
        </p>
        <PeriodNote data={data} />
      </Figure>
      <Figure label="Income" value={<Amount value={data.income} />}>
        <p>Dividends received in this period.</p>
      </Figure>
      <Figure label="Total return" value={<Amount value={data.totalReturn} />}>
        <p>
          Unrealized + realized + income = end value − start value − net flows + income:{" "}
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
      <Figure
        label="Time-weighted return (cumulative)"
        value={<Ratio value={data.timeWeightedReturn} />}
        wide
      >
        <PeriodNote data={data} />
        <p>
          The period is cut at each day with buys, sells or a dividend paid; each piece returns
          (value before the day&apos;s flow) ÷ (value after the previous one) − 1, and the pieces
          are multiplied: (1 + r₁) × (1 + r₂) × … − 1. A dividend leaves the portfolio for you on
          its pay date, so its piece ends at the value plus the dividend; one paid after you sold
          everything that earned it counts in the piece the sale ended, beside its proceeds. A buy
          into an empty portfolio starts its piece at the money put in.
        </p>
        <SubPeriodsTable pieces={explanation.subPeriods} />
        <FlowsTable explanation={explanation} />
      </Figure>
      <Figure
        label={
          underAYear
            ? "Money-weighted return (cumulative)"
            : "Money-weighted return (XIRR, annualized)"
        }
        value={
          <Ratio
            value={underAYear ? data.moneyWeightedReturnCumulative : data.moneyWeightedReturn}
          />
        }
        wide
      >
        <p>
          The yearly rate r at which these cash flows add up to nothing: the sum of amount ÷ (1 +
          r)^(days since the first ÷ 365) is 0. Paid in is negative; dividends count as received,
          and the start and end values as paid in and received.
        </p>
        {underAYear && (
          <p>
            The period is under a year, so the rate (
            <span className="num">{formatRatio(data.moneyWeightedReturn)}</span> a year) is shown
            compounded over the days from its first cash flow to its last: (1 + r)^(days ÷ 365) − 1.
          </p>
        )}
        <AmountTable
          caption="Cash flows of the money-weighted return"
          rows={explanation.cashFlows}
          empty="No cash flows: nothing was held in this period."
        />
      </Figure>
      <Figure
        label={`Benchmark: ${data.benchmark.symbol} (cumulative)`}
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
        {formatCalendarDate(data.startDate)} to {formatCalendarDate(data.endDate)}
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
      return `Dividend ${flow.symbol ?? ""}`;
    case "cash":
      return "Deposits, withdrawals and transfers";
    case "holding":
      return "Holdings transferred in or out, at cost";
    case "trades":
      return "Buys and sells";
  }
}

/** Which flows the returns used: whose, counted by trades or by cash, and how many. */
export function flowSourceText(
  source: PortfolioPerformanceDetail["explanation"]["flowSources"][number],
): string {
  const names = source.accounts.map((account) => account.name).join(", ");
  const what =
    source.basis === "cash"
      ? `Deposits, withdrawals and cash transfers of ${names} (cash tracked)`
      : `Buys and sells of ${names}`;
  return `${what}: ${source.count} ${source.count === 1 ? "day" : "days"} with flows`;
}

function FlowSources({
  sources,
}: {
  sources: PortfolioPerformanceDetail["explanation"]["flowSources"];
}) {
  return (
    <div>
      <p>Flows used:</p>
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
    return (
      <p>
        The S&amp;P 500 ({symbol}) total return over the same days. It paid no dividend in them, so
        it is close to close: {closes} − 1.
      </p>
    );
  }
  return (
    <>
      <p>
        The S&amp;P 500 ({symbol}) total return over the same days: close to close ({closes}), with
        each dividend reinvested on its ex-date, where the day&apos;s move is (close + dividend) ÷
        previous close.
      </p>
      <div className="overflow-x-auto">
        <table className="mt-2 w-full text-left text-sm">
          <caption className="text-left font-medium">Dividends of {symbol} reinvested</caption>
          <thead>
            <tr>
              <th scope="col">Ex-date</th>
              <th scope="col" className="text-right">
                Dividend
              </th>
              <th scope="col" className="text-right">
                Previous close
              </th>
              <th scope="col" className="text-right">
                Ex-date close
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
      <ol aria-label="Sub-periods of the time-weighted return" className="space-y-2 sm:hidden">
        {pieces.map((piece) => (
          <li key={piece.from} className="rounded-md border border-border bg-surface p-2">
            <p className="num font-medium whitespace-nowrap">
              {formatCalendarDate(piece.from)} to {formatCalendarDate(piece.to)}
            </p>
            <dl className="num mt-1 grid grid-cols-3 gap-2">
              <div>
                <dt className="text-xs text-muted">Start value</dt>
                <dd>
                  <MoneyText usd={piece.startValue} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">End value</dt>
                <dd>
                  <MoneyText usd={piece.endValue} />
                </dd>
              </div>
              <div className="text-right">
                <dt className="text-xs text-muted">Return</dt>
                <dd>{formatRatio(piece.return)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto sm:block">
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Sub-periods of the time-weighted return</caption>
          <thead>
            <tr>
              <th scope="col" className="pr-3">
                From
              </th>
              <th scope="col" className="pr-3">
                To
              </th>
              <th scope="col" className="px-3 text-right">
                Start value
              </th>
              <th scope="col" className="px-3 text-right">
                End value
              </th>
              <th scope="col" className="pl-3 text-right">
                Return
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
            <th scope="col">Date</th>
            {described && <th scope="col">What</th>}
            <th scope="col" className="text-right">
              Amount
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
