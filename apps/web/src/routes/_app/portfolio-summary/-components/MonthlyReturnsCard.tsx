import { PORTFOLIO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { MonthlyReturns, YearOfReturns } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { sign } from "@ledgerline/money";
import { useQuery } from "@tanstack/react-query";
import { Skeleton } from "../../../../components/RouteStates";
import { Alert } from "../../../../components/ui/Alert";
import { cx } from "../../../../components/ui/cx";
import { formatRatio } from "../../../../lib/format";
import { unbatchedTrpc } from "../../../../lib/trpc-unbatched";
import { Panel } from "../../../../components/ui/Panel";
import { BeforeTheUpdate } from "../../../../components/portfolio/BeforeTheUpdate";
import { ScrollRegion } from "../../../../components/ui/ScrollRegion";

/** Each month: a key, its short and its full name (catalog messages), January first. */
const MONTHS = [
  ["jan", m.summary_month_jan, m.summary_month_january],
  ["feb", m.summary_month_feb, m.summary_month_february],
  ["mar", m.summary_month_mar, m.summary_month_march],
  ["apr", m.summary_month_apr, m.summary_month_april],
  ["may", m.summary_month_may, m.summary_month_may_long],
  ["jun", m.summary_month_jun, m.summary_month_june],
  ["jul", m.summary_month_jul, m.summary_month_july],
  ["aug", m.summary_month_aug, m.summary_month_august],
  ["sep", m.summary_month_sep, m.summary_month_september],
  ["oct", m.summary_month_oct, m.summary_month_october],
  ["nov", m.summary_month_nov, m.summary_month_november],
  ["dec", m.summary_month_dec, m.summary_month_december],
] as const;

/**
 * The month-by-month grid (issue 33): each month's and each year's time-weighted return, beside
 * the benchmark's year, worked exactly on the server from the value chart's return line.
 */
export default function MonthlyReturnsCard({ accountId }: { accountId: number | undefined }) {
  const grid = useQuery({
    // Alone: it waits for a history recompute, which would hold the reads batched with it.
    ...unbatchedTrpc.insights.monthlyReturns.queryOptions(
      accountId === undefined ? {} : { accountId },
    ),
    staleTime: PORTFOLIO_REFRESH_INTERVAL_MS,
  });
  return (
    <Panel titleId="monthly-returns-heading" title={m.summary_monthly_title()}>
      <p className="mt-1 text-sm text-muted">{m.summary_monthly_note()}</p>
      {grid.data ? (
        <BeforeTheUpdate updating={grid.data.updating}>
          <Grid data={grid.data} />
        </BeforeTheUpdate>
      ) : grid.isError ? (
        <Alert tone="error" className="mt-4">
          {m.summary_monthly_failed()}
        </Alert>
      ) : (
        <Skeleton className="mt-4 h-24" />
      )}
    </Panel>
  );
}

function Grid({ data }: { data: MonthlyReturns }) {
  if (data.years.length === 0)
    return <p className="mt-4 text-sm text-muted">{m.summary_monthly_empty()}</p>;
  return (
    // Relative, so the cells' screen-reader text (absolutely placed) scrolls inside it instead of
    // widening the page.
    <ScrollRegion label={m.summary_monthly_by_year()} className="relative mt-4">
      <table className="w-full text-right text-sm">
        <caption className="sr-only">
          {m.summary_monthly_caption({ symbol: data.benchmarkSymbol })}
        </caption>
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 text-left">
              {m.summary_col_year()}
            </th>
            {MONTHS.map(([key, short, long]) => (
              <th key={key} scope="col" className="px-2 py-2">
                <abbr title={long()} className="no-underline">
                  {short()}
                </abbr>
              </th>
            ))}
            <th scope="col" className="px-2 py-2">
              {m.summary_col_total()}
            </th>
            <th scope="col" className="py-2 pl-2">
              {data.benchmarkSymbol}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {data.years.map((year) => (
            <YearRow key={year.year} year={year} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function YearRow({ year }: { year: YearOfReturns }) {
  return (
    <tr>
      <th scope="row" className="num py-2 pr-3 text-left font-semibold">
        {year.year}
      </th>
      {year.months.map((month, index) => (
        <td key={MONTHS[index]![0]} className="px-2 py-2">
          <Ratio value={month} />
        </td>
      ))}
      <td className="px-2 py-2 font-semibold">
        <Ratio value={year.total} />
      </td>
      <td className="py-2 pl-2 text-muted">
        <Ratio value={year.benchmarkTotal} plain />
      </td>
    </tr>
  );
}

/** A signed percent, green or red beside its sign; a dash read out as 'Nothing held'. */
function Ratio({ value, plain = false }: { value: string | null; plain?: boolean }) {
  if (value === null)
    return (
      <>
        <span aria-hidden="true" className="text-muted">
          –
        </span>
        <span className="sr-only">{m.summary_nothing_held()}</span>
      </>
    );
  const trend = sign(value);
  return (
    <span
      className={cx(
        "num whitespace-nowrap",
        !plain && trend > 0 && "text-gain",
        !plain && trend < 0 && "text-loss",
      )}
    >
      {formatRatio(value)}
    </span>
  );
}
