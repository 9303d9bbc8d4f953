import { portfolioMessages } from "@ledgerline/contracts/browser";
import type { CryptoPosition } from "@ledgerline/contracts";
import type { ReactNode } from "react";
import { PercentChange } from "../../../../components/assets/Change";
import { formatCurrency, formatQuantity, formatSignedCurrency } from "../../../../lib/format";
import { cx } from "../../../../components/ui/cx";

/** The user's position in one coin, with what it is worth now and the gain or loss so far. */
export function PositionDetails({ position }: { position: CryptoPosition | undefined }) {
  if (!position) {
    return (
      <section
        aria-labelledby="crypto-position-heading"
        className="rounded-xl border border-border bg-surface p-5 shadow-sm"
      >
        <h2 id="crypto-position-heading" className="mb-2 text-lg font-semibold">
          Your Position
        </h2>
        <p className="text-sm text-muted">{portfolioMessages.notInPortfolio}</p>
      </section>
    );
  }
  const gain = position.gainLoss;
  const rows: [string, ReactNode][] = [
    ["Amount in Portfolio", `${formatQuantity(position.quantity)} ${position.symbol}`],
    ["Total Value", formatCurrency(position.currentValue)],
    ["Average Purchase Price", formatCurrency(position.averagePurchasePrice)],
    ["Cost Basis", formatCurrency(position.costBasis)],
    [
      "Gain/Loss",
      gain === null ? (
        "N/A"
      ) : (
        <span className={cx(Number(gain) < 0 ? "text-loss" : "text-gain")}>
          {formatSignedCurrency(gain)}
        </span>
      ),
    ],
    [
      "Gain/Loss %",
      position.gainLossPercent === null ? (
        "N/A"
      ) : (
        <PercentChange percent={position.gainLossPercent} />
      ),
    ],
  ];
  return (
    <section
      aria-labelledby="crypto-position-heading"
      className="rounded-xl border border-border bg-surface p-5 shadow-sm"
    >
      <h2 id="crypto-position-heading" className="mb-3 text-lg font-semibold">
        Your Position
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-muted">{label}</dt>
            <dd className="num mt-0.5 font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
