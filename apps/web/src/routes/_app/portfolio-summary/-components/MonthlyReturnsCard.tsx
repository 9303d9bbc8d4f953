import { PORTFOLIO_REFRESH_INTERVAL_MS } from "@ledgerline/contracts/browser";
import type { MonthlyReturns, YearOfReturns } from "@ledgerline/contracts";
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

const MONTHS = [
  ["Jan", "January"],
  ["Feb", "February"],
  ["Mar", "March"],
  ["Apr", "April"],
  ["May", "May"],
  ["Jun", "June"],
  ["Jul", "July"],
  ["Aug", "August"],
  ["Sep", "September"],
  ["Oct", "October"],
  ["Nov", "November"],
  ["Dec", "December"],
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
    <Panel titleId="monthly-returns-heading" title="Monthly returns">
      <p className="mt-1 text-sm text-muted">
        Time-weighted, as the returns are: deposits, withdrawals and buys paid from outside are not
        gains.
      </p>
      {grid.data ? (
        <BeforeTheUpdate updating={grid.data.updating}>
          <Grid data={grid.data} />
        </BeforeTheUpdate>
      ) : grid.isError ? (
        <Alert tone="error" className="mt-4">
          The monthly returns could not be loaded.
        </Alert>
      ) : (
        <Skeleton className="mt-4 h-24" />
      )}
    </Panel>
  );
}

function Grid({ data }: { data: MonthlyReturns }) {
  if (data.years.length === 0)
    return (
      <p className="mt-4 text-sm text-muted">
        Nothing held yet: the grid fills in from the month of your first trade.
      </p>
    );
  return (
    // Relative, so the cells' screen-reader text (absolutely placed) scrolls inside it instead of
    // widening the page.
    <ScrollRegion label="Monthly returns by year" className="relative mt-4">
      <table className="w-full text-right text-sm">
        <caption className="sr-only">
          Monthly returns by year, with each year&apos;s total and {data.benchmarkSymbol}&apos;s
        </caption>
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 text-left">
              Year
            </th>
            {MONTHS.map(([short, long]) => (
              <th key={short} scope="col" className="px-2 py-2">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
            <th scope="col" className="px-2 py-2">
              Total
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
        <span className="sr-only">Nothing held</span>
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
