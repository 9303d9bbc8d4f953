import { m } from "@ledgerline/messages";
import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import type { ReactNode } from "react";
import { MoneyText } from "../../../../components/money/Money";
import { cx } from "../../../../components/ui/cx";
import { formatPercent } from "../../../../lib/format";

function trendOf(value: string | number): "up" | "down" | "flat" {
  const number = Number(value);
  return number > 0 ? "up" : number < 0 ? "down" : "flat";
}

/** A gain or loss: green or red, and never colour alone (sign and arrow too). */
export function Trend({
  value,
  children,
  className,
}: {
  value: string | number;
  children: ReactNode;
  className?: string;
}) {
  const trend = trendOf(value);
  const Icon = trend === "up" ? ArrowUp : trend === "down" ? ArrowDown : Minus;
  return (
    <span
      className={cx(
        "num inline-flex items-center gap-1 font-semibold whitespace-nowrap",
        trend === "down" ? "text-loss" : trend === "up" ? "text-gain" : "text-muted",
        className,
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      {children}
    </span>
  );
}

export function GainLossAmount({ value }: { value: string }) {
  return (
    <Trend value={value}>
      <MoneyText usd={value} signed />
    </Trend>
  );
}

export function GainLossPercent({ value }: { value: number | null }) {
  return value === null ? (
    <span className="text-muted">{m.portfolio_not_available()}</span>
  ) : (
    <Trend value={value}>{formatPercent(value)}</Trend>
  );
}
