import {
  benchmarkBases,
  DEFAULT_BENCHMARK_BASIS,
  DEFAULT_PORTFOLIO_HISTORY_RANGE,
  portfolioHistoryRanges,
  type BenchmarkBasis,
} from "@ledgerline/contracts/browser";
import type { PortfolioHistoryRange } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { memo, useMemo, useRef, useState } from "react";
import { displayRatesQuery } from "../../../../components/money/useDisplayMoney";
import { ChartAttribution, ChartToggle } from "../../../../components/charts/ChartParts";
import { SelectField } from "../../../../components/ui/SelectField";
import { portfolioHistoryQuery } from "../../../../components/portfolio/portfolio-reads";
import {
  basisOption,
  chartWhose,
  noHistoryMessage,
  valueChartDescription,
} from "./value-chart-figures";
import { ValueChartFrame } from "./ValueChartFrame";
import { ValueChartLegend } from "./ValueChartLegend";
import { useValueChartDrawing } from "./useValueChartDrawing";
import { chartMoney, historyInCurrency } from "./value-chart-money";
import { Panel } from "../../../../components/ui/Panel";
import { ChartUpTo } from "../../../../components/portfolio/BeforeTheUpdate";
import { formatCalendarDate } from "../../../../lib/format";
import { rangeLabels } from "./range-labels";

export { axisTicks, plotted } from "./value-chart-figures";

/** The account the chart is of, for a user with more than one: all of them, or one. */
function AccountChoice({
  accounts,
  accountId,
  onChange,
}: {
  accounts: readonly { id: number; name: string }[];
  accountId: number | undefined;
  onChange: (accountId: number | undefined) => void;
}) {
  return (
    <SelectField
      className="mt-3 max-w-xs"
      label={m.summary_chart_of()}
      value={accountId === undefined ? "" : String(accountId)}
      options={[
        { value: "", label: m.summary_all_accounts() },
        ...accounts.map((one) => ({ value: String(one.id), label: one.name })),
      ]}
      onChange={(value) => onChange(value === "" ? undefined : Number(value))}
    />
  );
}

/**
 * The portfolio's value at each day's close, with its cost basis and the money it started from
 * grown by the S&P 500's total return (the returns' benchmark figure for the same range), over a
 * range (lightweight-charts, loaded with this component only). The server computes the values
 * exactly; they become numbers here for plotting only. With no history yet, a message takes the
 * chart's place. It reads only its own query: a live tick that re-renders the summary page leaves
 * it alone.
 */
export default memo(function ValueChart({
  accounts = [],
  initialAccount,
}: {
  /** The user's investment accounts: with more than one, the chart can show one of them. */
  accounts?: readonly { id: number; name: string }[];
  /** The account shown first (the page's filter); none for all of them. */
  initialAccount?: number;
}) {
  const [range, setRange] = useState<PortfolioHistoryRange>(DEFAULT_PORTFOLIO_HISTORY_RANGE);
  const [basis, setBasis] = useState<BenchmarkBasis>(DEFAULT_BENCHMARK_BASIS);
  const [account, setAccount] = useState<number | undefined>(initialAccount);
  const container = useRef<HTMLDivElement>(null);
  const several = accounts.length > 1;
  const accountId = several && accounts.some((one) => one.id === account) ? account : undefined;
  const accountName = accounts.find((one) => one.id === accountId)?.name;
  const whose = chartWhose(accountName);
  const history = useQuery({
    ...portfolioHistoryQuery(range, basis, accountId),
    placeholderData: keepPreviousData,
  });
  // Each point at its own day's rate (decision 0060). The chart waits for the rates rather than
  // flash dollars first; if they fail, or cannot be asked for offline, it is drawn in USD.
  const ratesQuery = useQuery(displayRatesQuery(history.data?.points[0]?.date));
  const rates = ratesQuery.data;
  const pending = history.isPending || ratesQuery.isLoading;
  const money = useMemo(() => chartMoney(rates), [rates]);
  const data = useMemo(
    () => history.data && historyInCurrency(history.data, money),
    [history.data, money],
  );
  const points = data?.points;
  // What is drawn follows the answer, not the toggle, while the other basis loads.
  const shown =
    data?.benchmark?.basis ??
    (points?.[0]?.timeWeightedReturn === undefined ? "contributions" : "return");
  const { drawn, hover } = useValueChartDrawing(container, pending, data, shown, money);
  const unpriced = history.data?.unpricedSymbols ?? [];
  const empty = !pending && !points?.length;
  const updating = history.data?.updating;
  const emptyMessage = !empty
    ? null
    : updating
      ? m.summary_chart_days_updating({ date: formatCalendarDate(updating.from) })
      : noHistoryMessage(history.isError && !points, accountName);

  return (
    <Panel
      titleId="value-chart-heading"
      title={m.summary_value_chart_title()}
      updating={history.isFetching && !history.isPending && m.summary_updating_chart()}
      controls={
        <ChartToggle
          label={m.summary_time_range()}
          options={portfolioHistoryRanges}
          value={range}
          onChange={setRange}
          text={(option) => rangeLabels[option]()}
        />
      }
    >
      {several && <AccountChoice accounts={accounts} accountId={accountId} onChange={setAccount} />}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ChartToggle
          label={m.summary_compare_as()}
          options={benchmarkBases}
          value={basis}
          onChange={setBasis}
          text={(option) => basisOption(option, money.currency)}
        />
        {!empty && <ValueChartLegend shown={shown} hasBenchmark={!!history.data?.benchmark} />}
      </div>
      <ValueChartFrame
        container={container}
        description={valueChartDescription(data, whose, range, shown === "return", money.currency)}
        drawn={drawn !== null}
        hover={hover?.of === points ? hover : null}
        pending={pending}
        emptyMessage={emptyMessage}
      />
      {!empty && <ChartUpTo updating={updating} />}
      {unpriced.length > 0 && (
        <p className="mt-2 text-xs text-muted">
          {m.summary_chart_unpriced({ symbols: unpriced.join(", ") })}
        </p>
      )}
      {!empty && <ChartAttribution />}
    </Panel>
  );
});
