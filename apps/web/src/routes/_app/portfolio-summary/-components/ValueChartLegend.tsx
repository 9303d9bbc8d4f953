import type { BenchmarkBasis } from "@ledgerline/contracts/browser";
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
        {asReturns ? "Your return (time-weighted)" : "Value"}
      </li>
      {!asReturns && (
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block w-4 border-t-2 border-dashed border-muted"
          />
          Cost basis
        </li>
      )}
      {hasBenchmark && (
        <li className="flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="inline-block w-4 border-t-2 border-dotted border-muted"
          />
          {basisLabels[shown].line}
        </li>
      )}
    </ul>
  );
}
