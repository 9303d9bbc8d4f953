import { m } from "@ledgerline/messages";
import { formatPrice, formatQuantity } from "../../lib/format";
import { Modal } from "../ui/Modal";
import { TradeConfirmStep } from "./TradeConfirmStep";
import { TradeFormStep } from "./TradeFormStep";
import { useTradeFlow, type TradeDialogProps, type TradeFlowProps } from "./useTradeFlow";

export type { TradeDialogProps };

/**
 * Buy: quantity, price (the current price by default), an optional fee and notes, then a confirm
 * step listing asset, quantity, unit price, the fee and the exact total with it, the notes and
 * the holding after the purchase (`held` is what is held before it). The form starts fresh on
 * every opening.
 */
export function BuyDialog(props: TradeDialogProps & { held: string }) {
  return props.target ? <TradeFlow {...props} target={props.target} side="buy" /> : null;
}

/**
 * Sell: quantity (never above what is held: more is set back to the holding with the asset's
 * message), price (the current price by default) and notes, then the same confirm step.
 */
export function SellDialog(props: TradeDialogProps & { held: string }) {
  return props.target ? <TradeFlow {...props} target={props.target} side="sell" /> : null;
}

/** The one trade dialog: its two steps, fields and totals; buy and sell differ in their rules. */
function TradeFlow(props: TradeFlowProps) {
  const flow = useTradeFlow(props);
  const { steps, selling, texts, target, asset, held } = flow;
  const current = m.trade_current_price({ label: flow.label, price: formatPrice(target.price) });
  return (
    <Modal
      open
      step={steps.step}
      onOpenChange={(open) => !open && steps.requestClose()}
      onBack={steps.browserBack}
      title={steps.step === "form" ? texts.title : texts.confirmTitle}
      description={
        steps.step !== "form"
          ? selling
            ? m.trade_check_sell()
            : m.trade_check_buy()
          : selling
            ? m.trade_you_hold({
                current,
                quantity: asset.quantityText(formatQuantity(held), target.symbol),
              })
            : current
      }
    >
      {steps.step === "form" ? (
        <TradeFormStep flow={flow} onClose={props.onClose} />
      ) : (
        <TradeConfirmStep flow={flow} />
      )}
    </Modal>
  );
}
