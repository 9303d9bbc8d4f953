import { m } from "@ledgerline/messages";
import type { CryptoQuote } from "@ledgerline/contracts";
import type { ReactNode } from "react";
import { formatCompactNumber, formatNumber, formatPrice } from "../../lib/format";
import { Change } from "../assets/Change";
import { FigureList } from "../assets/FigureList";
import { LiveFigure } from "../assets/LiveFigure";

/** Coin volumes run to trillions of units (SHIB): large ones read 7.36T, small ones in full. */
function formatVolume(volume: number): string {
  return Math.abs(volume) >= 1_000_000 ? formatCompactNumber(volume) : formatNumber(volume);
}

/**
 * A coin's figures as the spec lists them: Current Price, 24h Change (amount and percent),
 * Volume, Opening Price, 24h High and 24h Low, all at the precision of the coin's price.
 * `price` replaces the plain price (the search screen colours it against the saved price);
 * `wide` lays them out in three columns.
 */
export function CryptoFigures({
  quote,
  price,
  wide = false,
}: {
  quote: CryptoQuote;
  price?: ReactNode;
  wide?: boolean;
}) {
  const money = (value: string) => formatPrice(value, quote.price);
  return (
    <FigureList
      className={wide ? "sm:grid-cols-3" : undefined}
      rows={[
        [
          m.asset_current_price(),
          <LiveFigure key="price" value={quote.price}>
            {price ?? money(quote.price)}
          </LiveFigure>,
        ],
        [
          m.crypto_change_24h(),
          <Change
            key="change"
            amount={quote.change}
            percent={quote.changePercent}
            reference={quote.price}
          />,
        ],
        [m.asset_volume(), `${formatVolume(quote.volume)} ${quote.symbol}`],
        [m.asset_opening_price(), money(quote.open)],
        [m.crypto_high_24h(), money(quote.high24h)],
        [m.crypto_low_24h(), money(quote.low24h)],
      ]}
    />
  );
}
