import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatCurrency, formatPercent, formatSignedCurrency } from "../../lib/format";
import { trpc } from "../../lib/trpc";
import { directionOf, Trend } from "../assets/Change";
import { LiveFigure } from "../assets/LiveFigure";
import { useLiveSummary } from "./live-summary";

/**
 * What the portfolio is worth now and how it moved today, above the landing page's tools: the
 * same figures as the portfolio summary (which this shares its query with).
 */
export function PortfolioGlance() {
  const summary = useQuery(trpc.portfolioSummary.get.queryOptions());
  useLiveSummary(summary.data);
  const today = summary.data?.today ?? null;
  const shownChange = today ? formatSignedCurrency(today.change) : "";
  return (
    <section
      aria-labelledby="glance-heading"
      // Stacked on a phone, where the figures arriving would otherwise re-wrap the row and push
      // the tools below down; one row from sm up, with room for both figures.
      className="flex flex-col gap-y-3 rounded-xl border border-border bg-surface p-6 shadow-sm sm:flex-row sm:flex-wrap sm:items-end sm:gap-x-10"
    >
      <div>
        <h2 id="glance-heading" className="text-sm text-muted">
          Portfolio Value
        </h2>
        <p className="num mt-1 text-3xl font-bold">
          {summary.data ? (
            <LiveFigure value={summary.data.total.currentValue}>
              {formatCurrency(summary.data.total.currentValue)}
            </LiveFigure>
          ) : summary.isError ? (
            "N/A"
          ) : (
            <span
              aria-hidden="true"
              className="inline-block h-9 w-40 animate-pulse rounded bg-surface-muted align-middle"
            />
          )}
        </p>
      </div>
      <div>
        <p className="text-sm text-muted">Today&apos;s Change</p>
        <p className="mt-1 min-h-7 text-lg">
          {today ? (
            <Trend direction={directionOf(today.change, shownChange, today.changePercent)}>
              <span>{shownChange}</span>
              {today.changePercent !== null && <span>({formatPercent(today.changePercent)})</span>}
            </Trend>
          ) : summary.data ? (
            <span className="text-muted">No holdings priced today</span>
          ) : summary.isError ? null : (
            <span
              aria-hidden="true"
              className="inline-block h-7 w-36 animate-pulse rounded bg-surface-muted align-middle"
            />
          )}
        </p>
      </div>
      <Link
        to="/portfolio-summary"
        className="text-sm font-medium text-primary hover:underline sm:ml-auto"
      >
        See all holdings
      </Link>
    </section>
  );
}
