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
            <span className="text-muted">Subtotal</span>
            <span className="num">{subtotal ? formatCurrency(subtotal) : "N/A"}</span>
          </p>
          <p className="flex justify-between text-sm">
            <span className="text-muted">Fee</span>
            <span className="num">{formatCurrency(paid)}</span>
          </p>
        </>
      )}
      <p className="flex justify-between text-sm">
        <span className="text-muted">{hasFee ? totalLabel[side] : "Total"}</span>
        <span className="num font-semibold">{total ? formatCurrency(total) : "N/A"}</span>
      </p>
      {totalProblem && <Alert tone="error">{totalProblem}</Alert>}
    </>
  );
}
