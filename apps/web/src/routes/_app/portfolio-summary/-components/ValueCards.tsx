import type { SummaryFigures } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { memo } from "react";
import { LiveFigure } from "../../../../components/assets/LiveFigure";
import { Card } from "../../../../components/ui/Card";
import { Money } from "../../../../components/money/Money";
import { useDisplayMoney, type MoneyFormatter } from "../../../../components/money/useDisplayMoney";
import { formatPercent } from "../../../../lib/format";
import { Trend } from "./GainLoss";

// Memoised: the cache keeps an unchanged section's figures as the same object, so a coin's tick
// leaves the stock card alone.
const ValueCard = memo(function ValueCard({
  title,
  figures,
  emphasis,
  money,
}: {
  title: string;
  figures: SummaryFigures | undefined;
  emphasis?: boolean;
  /** Today's figures: converted at the latest rate. */
  money: MoneyFormatter;
}) {
  const gainLoss = figures ? money(figures.gainLoss, "today", true) : null;
  return (
    <Card className={emphasis ? "border-primary/50" : undefined}>
      <h2 className="text-sm font-medium text-muted">{title}</h2>
      <p className="num mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
        {figures ? (
          <LiveFigure value={figures.currentValue}>
            <Money shown={money(figures.currentValue)} />
          </LiveFigure>
        ) : (
          "—"
        )}
      </p>
      {figures && gainLoss && (
        <>
          <p className="num mt-1 text-sm text-muted">
            {m.summary_cost_basis()} <Money shown={money(figures.costBasis)} />
          </p>
          <p className="mt-2 text-sm">
            <span className="sr-only">{m.summary_gain_loss_label()} </span>
            <Trend value={figures.gainLoss}>
              <Money shown={gainLoss} />
              {figures.gainLossPercent !== null && ` (${formatPercent(figures.gainLossPercent)})`}
            </Trend>
          </p>
        </>
      )}
    </Card>
  );
});

/**
 * The spec's three cards. Each shows the current value with the cost basis beneath (the spec's
 * "stock portfolio value" is quantity x average purchase price), so both readings are on screen.
 */
export function ValueCards({
  stocks,
  crypto,
  total,
}: {
  stocks: SummaryFigures | undefined;
  crypto: SummaryFigures | undefined;
  total: SummaryFigures | undefined;
}) {
  const money = useDisplayMoney();
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <ValueCard title={m.summary_stock_value()} figures={stocks} money={money} />
      <ValueCard title={m.summary_crypto_value()} figures={crypto} money={money} />
      <ValueCard title={m.summary_total_value()} figures={total} money={money} emphasis />
    </div>
  );
}
