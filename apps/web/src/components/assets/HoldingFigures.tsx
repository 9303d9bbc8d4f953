import { m } from "@ledgerline/messages";
import type { PositionView } from "@ledgerline/contracts";
import { Briefcase } from "lucide-react";
import { formatPercent, formatPrice, formatQuantity } from "../../lib/format";
import { Money } from "../money/Money";
import { useDisplayMoney } from "../money/useDisplayMoney";
import { cx } from "../ui/cx";
import type { AssetConfig } from "./asset-config";
import { directionOf, Trend } from "./Change";
import { holdingValues } from "./holding";

/**
 * The user's holding of one stock or coin, the same on every screen: how much is held, its
 * Total Value (quantity x the current price shown beside it), its Cost Basis (quantity x
 * average purchase price) and the Gain/Loss between them; or 'Not currently in portfolio'.
 */
export function HoldingFigures({
  asset,
  position,
  price,
  className,
}: {
  asset: AssetConfig;
  position: PositionView | undefined;
  /** The current price the card shows; null when it has none. */
  price: string | null | undefined;
  className?: string;
}) {
  const money = useDisplayMoney();
  if (!position) {
    return <p className={cx("text-sm text-muted", className)}>{m.asset_not_in_portfolio()}</p>;
  }
  const values = holdingValues(position, price);
  // Today's figures, at the latest rate; the average price stays a USD price.
  const gainLoss = money(values.gainLoss, "today", true);
  const quantity = formatQuantity(values.quantity);
  return (
    <dl
      data-testid="holding-figures"
      className={cx(
        "grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-surface-muted px-3 py-2 text-sm",
        className,
      )}
    >
      <div className="min-w-0">
        <dt className="flex items-center gap-1 text-muted">
          <Briefcase aria-hidden="true" className="h-3.5 w-3.5" />
          {asset.heldLabel}
        </dt>
        <dd className="num font-semibold break-words">
          {asset.trade.quantityText(quantity, position.symbol)}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted">{m.asset_total_value()}</dt>
        <dd className="num font-semibold" data-figure="market-value">
          <Money shown={money(values.marketValue)} />
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted">{m.asset_cost_basis()}</dt>
        <dd className="num font-semibold" data-figure="cost-basis">
          <Money shown={money(values.costBasis)} />
        </dd>
        <dd className="num text-xs text-muted">
          {m.asset_at_average({
            price: formatPrice(values.averagePrice, price ?? values.averagePrice),
          })}
        </dd>
      </div>
      <div className="min-w-0">
        <dt className="text-muted">{m.asset_gain_loss()}</dt>
        <dd data-figure="gain-loss">
          {values.gainLoss === null ? (
            <span className="num font-semibold">{m.asset_not_available()}</span>
          ) : (
            <Trend direction={directionOf(values.gainLoss, gainLoss.text, values.gainLossPercent)}>
              <span className="whitespace-nowrap">
                <Money shown={gainLoss} />
              </span>
              <span className="whitespace-nowrap">({formatPercent(values.gainLossPercent)})</span>
            </Trend>
          )}
        </dd>
      </div>
    </dl>
  );
}
