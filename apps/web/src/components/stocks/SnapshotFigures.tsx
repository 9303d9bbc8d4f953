import { m } from "@ledgerline/messages";
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
            m.asset_current_price(),
            <LiveFigure key="price" value={snapshot.price}>
              {price(snapshot.price)}
            </LiveFigure>,
          ],
          [
            m.stocks_todays_change(),
            <Change
              key="change"
              amount={snapshot.change}
              percent={snapshot.changePercent}
              reference={snapshot.price}
            />,
          ],
          [m.asset_volume(), formatNumber(snapshot.volume)],
          [m.stocks_previous_close(), price(snapshot.previousClose)],
        ]}
      />
      {withRange && (
        <FigureList
          className="grid-cols-3 border-t border-border pt-3"
          rows={[
            [m.stocks_open(), price(snapshot.open)],
            [m.stocks_high(), price(snapshot.high)],
            [m.stocks_low(), price(snapshot.low)],
          ]}
        />
      )}
    </div>
  );
}
