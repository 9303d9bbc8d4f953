import { m } from "@ledgerline/messages";
import { formatPrice, formatQuantity } from "../../lib/format";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { lotsText, moneyRows } from "./trade-figures";
import { positiveAmount } from "./trade-form";
import { TradeConfirmation } from "./TradeConfirmation";
import type { TradeFlowState } from "./useTradeFlow";

/** The order as the confirm step lists it, one [label, value] row each. */
function confirmationRows(flow: TradeFlowState): [string, string][] {
  const { asset, account, values, selling, lotChoice, heldAfter, target } = flow;
  const notes = values.notes.trim();
  return [
    [asset.assetLabel, flow.label],
    ...(account ? [[m.trade_account(), account.label] as [string, string]] : []),
    [m.trade_quantity(), formatQuantity(values.quantity)],
    [asset.pricePerUnitLabel, formatPrice(values.price)],
    ...moneyRows(flow.side, flow.figures),
    ...(notes ? [[m.trade_notes(), notes] as [string, string]] : []),
    ...(selling && lotChoice.lots
      ? [[m.trade_lots(), lotsText(lotChoice.lots)] as [string, string]]
      : []),
    [
      selling ? m.trade_held_after_sale() : m.trade_held_after_purchase(),
      heldAfter
        ? asset.quantityText(formatQuantity(heldAfter), target.symbol)
        : m.asset_not_available(),
    ],
  ];
}

/** The confirm step: the order, what went wrong sending it, Back and the confirm button. */
export function TradeConfirmStep({ flow }: { flow: TradeFlowState }) {
  const { steps, account, values, selling, lotChoice } = flow;
  return (
    // The step fills the dialog, which keeps the form's height (Modal's `step`): the buttons
    // stay at its foot, where the form's were, with the order and its outcome above them.
    <div className="flex flex-1 flex-col gap-4">
      <TradeConfirmation rows={confirmationRows(flow)} />
      {steps.failure && <Alert tone="error">{steps.failure}</Alert>}
      <div className="mt-auto flex justify-end gap-2">
        <Button variant="secondary" disabled={steps.pending} onClick={steps.back}>
          {m.trade_back()}
        </Button>
        <Button
          busy={steps.pending}
          onClick={(event) =>
            steps.confirm(event, {
              quantity: flow.quantityGiven!,
              price: positiveAmount(values.price)!,
              fee: flow.figures.paid ?? "0",
              notes: values.notes,
              ...(account ? { accountId: account.id } : {}),
              ...(selling && lotChoice.lots ? { lots: lotChoice.lots } : {}),
            })
          }
        >
          {flow.texts.confirmTitle}
        </Button>
      </div>
    </div>
  );
}
