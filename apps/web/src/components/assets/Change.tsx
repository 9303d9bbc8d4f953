import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { formatPercent, formatSignedPrice } from "../../lib/format";
import { cx } from "../ui/cx";

export type Direction = "up" | "down" | "flat";

/** The sign of a value as it is shown: a value that reads as zero ($0.00, 0.00%) is flat. */
function shownSign(value: string | number, shown: string): Direction {
  if (!/[1-9]/.test(shown)) return "flat";
  return Number(value) > 0 ? "up" : Number(value) < 0 ? "down" : "flat";
}

/**
 * Which way a change went, as the reader sees it: by the amount as shown (`shownAmount`), or by
 * the percent when the amount reads as zero. A change that reads as zero is flat (grey).
 */
export function directionOf(
  amount: string | number | null,
  shownAmount: string,
  percent: number | null | undefined,
): Direction {
  const byAmount = amount === null ? "flat" : shownSign(amount, shownAmount);
  if (byAmount !== "flat" || percent == null) return byAmount;
  return shownSign(percent, formatPercent(percent));
}

const tone: Record<Direction, string> = {
  up: "text-gain",
  down: "text-loss",
  flat: "text-muted",
};
const icon = { up: ArrowUp, down: ArrowDown, flat: Minus };

/**
 * A change shown with colour, sign and arrow (never colour alone): green up, red down, grey when
 * it reads as zero. Every change on every screen goes through here, so one card never shows a
 * price and a change that disagree.
 */
export function Trend({ direction, children }: { direction: Direction; children: ReactNode }) {
  const Icon = icon[direction];
  return (
    <span
      data-direction={direction}
      className={cx(
        "num inline-flex flex-wrap items-center gap-x-1 font-semibold",
        tone[direction],
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {children}
    </span>
  );
}

/**
 * A change per unit, money and percent, at the precision of the price it belongs to:
 * +$1.23 (+0.77%), -$0.0046 (-0.68%). The percent wraps under the amount in narrow cards.
 */
export function Change({
  amount,
  percent,
  reference,
}: {
  amount: string;
  percent: number;
  /** The price the change belongs to (its precision); the amount itself by default. */
  reference?: string | null;
}) {
  const shown = formatSignedPrice(amount, reference ?? amount);
  return (
    <Trend direction={directionOf(amount, shown, percent)}>
      <span className="whitespace-nowrap">{shown}</span>
      <span className="whitespace-nowrap">({formatPercent(percent)})</span>
    </Trend>
  );
}

export function PercentChange({ percent }: { percent: number }) {
  return <Trend direction={directionOf(null, "", percent)}>{formatPercent(percent)}</Trend>;
}
