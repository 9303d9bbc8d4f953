import { PORTFOLIO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { HoldingPerformance, PerformanceRange } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { cx } from "../../../../components/ui/cx";
import { NOT_FINAL } from "../../../../components/portfolio/BeforeTheUpdate";
import { Skeleton } from "../../../../components/RouteStates";
import { Alert } from "../../../../components/ui/Alert";
import { unbatchedTrpc } from "../../../../lib/trpc-unbatched";
import { Amount, isUnderAYear, Ratio } from "./ReturnFigures";

/** The columns after the holding's symbol; narrow screens keep the returns and the total. */
const columnsOf = (underAYear: boolean): typeof columns => [
  columns[0]!,
  underAYear
    ? {
        label: m.summary_col_mwr_cumulative,
        field: "moneyWeightedReturnCumulative",
        ratio: true,
        narrow: true,
      }
    : columns[1]!,
  ...columns.slice(2),
];

const columns: {
  label: () => string;
  field: keyof Pick<
    HoldingPerformance,
    | "timeWeightedReturn"
    | "moneyWeightedReturn"
    | "moneyWeightedReturnCumulative"
    | "realizedGain"
    | "unrealizedGain"
    | "income"
    | "totalReturn"
  >;
  ratio?: boolean;
  narrow?: boolean;
}[] = [
  { label: m.summary_col_twr_cumulative, field: "timeWeightedReturn", ratio: true, narrow: true },
  { label: m.summary_col_xirr_yearly, field: "moneyWeightedReturn", ratio: true, narrow: true },
  { label: m.summary_col_realized, field: "realizedGain" },
  { label: m.summary_col_unrealized, field: "unrealizedGain" },
  { label: m.summary_income, field: "income" },
  { label: m.summary_col_total, field: "totalReturn", narrow: true },
];
const cell = (narrow = false) => `${narrow ? "" : "hidden sm:table-cell "}px-2 py-2 text-right`;

/** Each holding's returns over the panel's period, on the portfolio's definitions. */
export function HoldingReturns({ range }: { range: PerformanceRange }) {
  const holdings = useQuery({
    // Alone: it waits for a history recompute, which would hold the reads batched with it.
    ...unbatchedTrpc.portfolioSummary.holdingPerformance.queryOptions({ range }),
    placeholderData: keepPreviousData,
    // Computed again with the portfolio's returns (ReturnsPanel), at current prices.
    staleTime: PORTFOLIO_REFRESH_INTERVAL_MS,
    refetchInterval: PORTFOLIO_REFRESH_INTERVAL_MS,
  });
  const rows = holdings.data?.holdings;
  const underAYear = holdings.data
    ? isUnderAYear(holdings.data.startDate, holdings.data.endDate)
    : false;
  const shownColumns = columnsOf(underAYear);

  return (
    <div className="mt-6">
      <h3 id="holding-returns-heading" className="text-base font-semibold">
        {m.summary_holding_returns_title()}
      </h3>
      {rows ? (
        rows.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{m.summary_holding_returns_empty()}</p>
        ) : (
          // Focusable, so a keyboard can scroll a row too wide for a phone.
          // Framed as the portfolio's figures above, which say why (BeforeTheUpdate).
          <div
            className={cx("mt-2 overflow-x-auto", holdings.data?.updating && NOT_FINAL)}
            role="region"
            aria-labelledby="holding-returns-heading"
            tabIndex={0}
          >
            <table
              className="w-full text-left text-xs sm:text-sm"
              aria-labelledby="holding-returns-heading"
            >
              <thead className="text-xs text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-2">
                    {m.summary_col_holding()}
                  </th>
                  {shownColumns.map((column) => (
                    <th key={column.field} scope="col" className={cell(column.narrow)}>
                      {column.label()}
                    </th>
                  ))}
                </tr>
              </thead>
              <HoldingRows rows={rows} shown={shownColumns} />
            </table>
          </div>
        )
      ) : holdings.isError ? (
        <Alert tone="error" className="mt-2">
          {m.summary_holding_returns_failed()}
        </Alert>
      ) : (
        <Skeleton className="mt-2 h-24" />
      )}
      <p className="mt-2 text-xs text-muted">
        {m.summary_holding_returns_twr_note()}{" "}
        {underAYear ? m.summary_holding_returns_mwr_note() : m.summary_holding_returns_xirr_note()}{" "}
        {m.summary_holding_returns_flows_note()}
      </p>
    </div>
  );
}

/** One row a holding: its symbol, then each shown column's ratio or amount. */
function HoldingRows({ rows, shown }: { rows: HoldingPerformance[]; shown: typeof columns }) {
  return (
    <tbody className="num divide-y divide-border">
      {rows.map((row) => (
        <tr key={`${row.assetType}:${row.symbol}`}>
          <th scope="row" className="py-2 pr-2 text-left font-medium">
            {row.symbol}
          </th>
          {shown.map((column) => (
            <td key={column.field} className={cell(column.narrow)}>
              {column.ratio ? (
                <Ratio value={row[column.field]} />
              ) : (
                <Amount value={row[column.field] ?? "0"} />
              )}
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}
