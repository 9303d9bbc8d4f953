import type { PositionView } from "@ledgerline/contracts";
import { multiply, percent, subtract } from "@ledgerline/money";

/** A holding's figures, with one meaning on every screen. */
export interface HoldingValues {
  quantity: string;
  averagePrice: string;
  /** quantity x current price; null while there is no price. */
  marketValue: string | null;
  /** quantity x average purchase price. */
  costBasis: string;
  /** market value - cost basis. */
  gainLoss: string | null;
  /** gain/loss as a percent of the cost basis, to 2 decimals. */
  gainLossPercent: number | null;
}

/** Computed exactly from the position and the price the screen shows beside it. */
export function holdingValues(
  position: Pick<PositionView, "quantity" | "averagePurchasePrice">,
  price: string | null | undefined,
): HoldingValues {
  const costBasis = multiply(position.quantity, position.averagePurchasePrice);
  const marketValue = price ? multiply(position.quantity, price) : null;
  const gainLoss = marketValue === null ? null : subtract(marketValue, costBasis);
  return {
    quantity: position.quantity,
    averagePrice: position.averagePurchasePrice,
    marketValue,
    costBasis,
    gainLoss,
    gainLossPercent: gainLoss === null ? null : percent(gainLoss, costBasis, 2),
  };
}
