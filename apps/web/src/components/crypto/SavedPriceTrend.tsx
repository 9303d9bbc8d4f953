import { m } from "@ledgerline/messages";
import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import { formatPrice } from "../../lib/format";
import { cx } from "../ui/cx";
import { priceVersusSaved } from "./price-versus-saved";

/**
 * The crypto search screen's live colouring (spec section 2): the refreshed price green when it
 * is above the price the coin was saved at, red when below, with an arrow and words so colour is
 * never the only signal.
 */
export function SavedPriceTrend({ price, savedPrice }: { price: string; savedPrice: string }) {
  const trend = priceVersusSaved(price, savedPrice);
  const Icon = trend === "above" ? ArrowUp : trend === "below" ? ArrowDown : Minus;
  return (
    <span className="inline-flex flex-col">
      <span
        data-trend={trend}
        className={cx(
          "inline-flex items-center gap-1",
          trend === "above" && "text-gain",
          trend === "below" && "text-loss",
        )}
      >
        <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
        {formatPrice(price)}
      </span>
      <span className="text-xs font-normal text-muted">
        {(trend === "same"
          ? m.crypto_same_as_saved
          : trend === "above"
            ? m.crypto_above_saved
            : m.crypto_below_saved)({ price: formatPrice(savedPrice, price) })}
      </span>
    </span>
  );
}
