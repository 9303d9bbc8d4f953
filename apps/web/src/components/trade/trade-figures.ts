import { m } from "@ledgerline/messages";
import { compare } from "@ledgerline/money";
import { formatCurrency, formatQuantity } from "../../lib/format";
import { feeAmount, totalWithFee, tradeTotal, tradeTotalProblem } from "./trade-form";

/** With a fee, the total says which way it went. */
export const totalLabel = {
  buy: m.trade_total_with_fee(),
  sell: m.trade_total_after_fee(),
} as const;

/** A trade's money: the subtotal, the fee paid, the total with it, and what is wrong with it. */
export function tradeFigures(side: "buy" | "sell", quantity: string, price: string, fee: string) {
  const paid = feeAmount(fee);
  return {
    subtotal: tradeTotal(quantity, price),
    paid,
    hasFee: paid !== undefined && compare(paid, "0") > 0,
    total: totalWithFee(side, quantity, price, fee),
    totalProblem: tradeTotalProblem(quantity, price, side, fee),
  };
}

export type TradeFigures = ReturnType<typeof tradeFigures>;

/** The lots chosen, as the confirm step lists them: "5 of lot 12, 2 of lot 15". */
export function lotsText(lots: readonly { lotId: string; quantity: string }[]): string {
  return lots
    .map((lot) => m.trade_lot_of({ quantity: formatQuantity(lot.quantity), lot: lot.lotId }))
    .join(", ");
}

/** The confirm step's money rows: the total alone, or the subtotal, fee and total with it. */
export function moneyRows(side: "buy" | "sell", figures: TradeFigures): [string, string][] {
  const { subtotal, paid, hasFee, total } = figures;
  return hasFee
    ? [
        [m.trade_subtotal(), formatCurrency(subtotal)],
        [m.trade_fee(), formatCurrency(paid)],
        [totalLabel[side], formatCurrency(total)],
      ]
    : [[m.trade_total(), formatCurrency(total)]];
}
