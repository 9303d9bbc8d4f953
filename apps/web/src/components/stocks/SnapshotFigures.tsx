import type { StockSnapshot } from "@ledgerline/contracts";
import type { ReactNode } from "react";
import { formatCurrency, formatNumber } from "../../lib/format";
import { Change } from "../assets/Change";

/** A stock's figures as the spec lists them; Open, High and Low read N/A when missing. */
function Figures({ rows, className }: { rows: [string, ReactNode][]; className: string }) {
  return (
    <dl className={className}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted">{label}</dt>
          <dd className="num mt-0.5 font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SnapshotFigures({
  snapshot,
  withRange = false,
}: {
  snapshot: StockSnapshot;
  withRange?: boolean;
}) {
  return (
    <div className="space-y-3 text-sm">
      <Figures
        className="grid grid-cols-2 gap-x-4 gap-y-3"
        rows={[
          ["Current Price", formatCurrency(snapshot.price)],
          [
            "Today's Change",
            <Change key="change" amount={snapshot.change} percent={snapshot.changePercent} />,
          ],
          ["Volume", formatNumber(snapshot.volume)],
          ["Previous Close", formatCurrency(snapshot.previousClose)],
        ]}
      />
      {withRange && (
        <Figures
          className="grid grid-cols-3 gap-x-4 border-t border-border pt-3"
          rows={[
            ["Open", formatCurrency(snapshot.open)],
            ["High", formatCurrency(snapshot.high)],
            ["Low", formatCurrency(snapshot.low)],
          ]}
        />
      )}
    </div>
  );
}
