import type { StockSnapshot } from "@ledgerline/contracts";
import { formatNumber, formatPrice } from "../../lib/format";
import { Change } from "../assets/Change";
import { FigureList } from "../assets/FigureList";
import { LiveFigure } from "../assets/LiveFigure";

/** A stock's figures as the spec lists them; Open, High and Low read N/A when missing. */
export function SnapshotFigures({
  snapshot,
  withRange = false,
}: {
  snapshot: StockSnapshot;
  withRange?: boolean;
}) {
  const price = (value: string | null) => formatPrice(value, snapshot.price);
  return (
    <div className="space-y-3 text-sm">
      <FigureList
        rows={[
          [
            "Current Price",
            <LiveFigure key="price" value={snapshot.price}>
              {price(snapshot.price)}
            </LiveFigure>,
          ],
          [
            "Today's Change",
            <Change
              key="change"
              amount={snapshot.change}
              percent={snapshot.changePercent}
              reference={snapshot.price}
            />,
          ],
          ["Volume", formatNumber(snapshot.volume)],
          ["Previous Close", price(snapshot.previousClose)],
        ]}
      />
      {withRange && (
        <FigureList
          className="grid-cols-3 border-t border-border pt-3"
          rows={[
            ["Open", price(snapshot.open)],
            ["High", price(snapshot.high)],
            ["Low", price(snapshot.low)],
          ]}
        />
      )}
    </div>
  );
}
