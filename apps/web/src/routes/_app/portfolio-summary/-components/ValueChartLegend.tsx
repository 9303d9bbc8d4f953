import type { BenchmarkBasis } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { basisLabels } from "./value-chart-figures";

/** The lines' key: the value (or return), the cost basis with money, and the benchmark. */
export function ValueChartLegend({
  shown,
  hasBenchmark,
}: {
  shown: BenchmarkBasis;
  hasBenchmark: boolean;
}) {
  const asReturns = shown === "return";
  return (
    <ul
      className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted"
      data-testid="value-chart-legend"
    >
      <li className="flex items-center gap-1.5">
        <span aria-hidden="true" className="inline-block w-4 border-t-2 border-primary" />
        {asReturns ? m.summary_legend_return() : m.summary_legend_value()}
      </li>
      {!asReturns && (
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block w-4 border-t-2 border-dashed border-muted"
          />
          {m.summary_cost_basis()}
        </li>
      )}
      {hasBenchmark && (
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block w-4 border-t-2 border-dotted border-muted"
          />
          {basisLabels[shown].line()}
        </li>
      )}
    </ul>
  );
}
