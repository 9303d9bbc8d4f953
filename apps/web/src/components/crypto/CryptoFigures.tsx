import type { CryptoQuote } from "@ledgerline/contracts";
import { ArrowDown, ArrowUp, Minus } from "lucide-react";
import type { ReactNode } from "react";
import {
  formatCurrency,
  formatNumber,
  formatPercent,
  formatSignedCurrency,
} from "../../lib/format";
import { cx } from "../ui/cx";

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2 });

/** Coin volumes run to trillions of units (SHIB): large ones read 7.36T, small ones in full. */
function formatVolume(volume: number): string {
  return Math.abs(volume) >= 1_000_000 ? compact.format(volume) : formatNumber(volume);
}

/**
 * The 24h change, money and percent, green at 0 or above and red below, with sign and arrow so
 * colour is never the only signal. The percent wraps under the amount in narrow cards.
 */
export function CryptoChange({ amount, percent }: { amount: string; percent: number }) {
  const value = Number(amount) === 0 ? percent : Number(amount);
  const Icon = value > 0 ? ArrowUp : value < 0 ? ArrowDown : Minus;
  return (
    <span
      className={cx(
        "num inline-flex flex-wrap items-center gap-x-1 font-semibold",
        value < 0 ? "text-loss" : "text-gain",
      )}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      <span>{formatSignedCurrency(amount)}</span>
      <span>({formatPercent(percent)})</span>
    </span>
  );
}

/**
 * A coin's figures as the spec lists them: Current Price, 24h Change (amount and percent),
 * Volume, Opening Price, 24h High and 24h Low. `price` replaces the plain price (the search
 * screen colours it against the saved price); `wide` lays them out in three columns.
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
  const rows: [string, ReactNode][] = [
    ["Current Price", price ?? formatCurrency(quote.price)],
    [
      "24h Change",
      <CryptoChange key="change" amount={quote.change} percent={quote.changePercent} />,
    ],
    ["Volume", `${formatVolume(quote.volume)} ${quote.symbol}`],
    ["Opening Price", formatCurrency(quote.open)],
    ["24h High", formatCurrency(quote.high24h)],
    ["24h Low", formatCurrency(quote.low24h)],
  ];
  return (
    <dl className={cx("grid grid-cols-2 gap-x-4 gap-y-3 text-sm", wide && "sm:grid-cols-3")}>
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted">{label}</dt>
          <dd className="num mt-0.5 font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
