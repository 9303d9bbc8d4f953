import { m } from "@ledgerline/messages";
import { formatCurrency } from "../../lib/format";
import { Alert } from "../ui/Alert";
import { totalLabel, type TradeFigures } from "./trade-figures";

/** The form's running total, with the subtotal and fee above it when a fee was typed. */
export function TradeTotals({ side, figures }: { side: "buy" | "sell"; figures: TradeFigures }) {
  const { subtotal, paid, hasFee, total, totalProblem } = figures;
  return (
    <>
      {hasFee && (
        <>
          <p className="flex justify-between text-sm">
            <span className="text-muted">{m.trade_subtotal()}</span>
            <span className="num">
              {subtotal ? formatCurrency(subtotal) : m.asset_not_available()}
            </span>
          </p>
          <p className="flex justify-between text-sm">
            <span className="text-muted">{m.trade_fee()}</span>
            <span className="num">{formatCurrency(paid)}</span>
          </p>
        </>
      )}
      <p className="flex justify-between text-sm">
        <span className="text-muted">{hasFee ? totalLabel[side] : m.trade_total()}</span>
        <span className="num font-semibold">
          {total ? formatCurrency(total) : m.asset_not_available()}
        </span>
      </p>
      {totalProblem && <Alert tone="error">{totalProblem}</Alert>}
    </>
  );
}
