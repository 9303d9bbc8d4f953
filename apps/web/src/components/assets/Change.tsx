import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import { cx } from "../ui/cx";
import { formatPercent, formatSignedCurrency } from "../../lib/format";

function direction(value: string | number): "up" | "down" | "flat" {
  const number = Number(value);
  return number > 0 ? "up" : number < 0 ? "down" : "flat";
}

/**
 * A change shown with colour, sign and arrow (never colour alone): green at 0 or above, red
 * below, as the spec says.
 */
function Trend({ value, children }: { value: string | number; children: string }) {
  const trend = direction(value);
  const Icon = trend === "up" ? ArrowUp : trend === "down" ? ArrowDown : Minus;
  return (
    <span
      className={cx(
        "num inline-flex items-center gap-1 font-semibold whitespace-nowrap",
        trend === "down" ? "text-loss" : "text-gain",
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {children}
    </span>
  );
}

/** Today's change: money and percent, e.g. +$1.23 (+0.77%). */
export function Change({ amount, percent }: { amount: string; percent: number }) {
  return (
    <Trend value={Number(amount) === 0 ? percent : amount}>
      {`${formatSignedCurrency(amount)} (${formatPercent(percent)})`}
    </Trend>
  );
}

export function PercentChange({ percent }: { percent: number }) {
  return <Trend value={percent}>{formatPercent(percent)}</Trend>;
}
