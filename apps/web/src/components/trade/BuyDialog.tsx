import { useState, type FormEvent } from "react";
import { formatCurrency, formatQuantity } from "../../lib/format";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Modal } from "../ui/Modal";
import { NotesField } from "./NotesField";
import type { TradeAssetConfig } from "./trade-config";
import { buyQuantityProblem, positiveAmount, purchasePriceProblem, tradeTotal } from "./trade-form";
import { TradeConfirmation } from "./TradeConfirmation";
import type { TradeTarget, TradeValues } from "./types";
import { useTradeSteps } from "./useTradeSteps";

export interface BuyDialogProps {
  asset: TradeAssetConfig;
  /** The dialog is open while there is a target. */
  target: TradeTarget | null;
  onClose: () => void;
  /** Writes the purchase; a rejection's 4xx message is shown, otherwise the asset's failure text. */
  submit: (target: TradeTarget, values: TradeValues) => Promise<unknown>;
  /** After a successful purchase (re-fetch what changed). */
  onSuccess?: () => void;
}

/**
 * Buy: quantity, price (the current price by default) and notes, then a confirm step listing
 * asset, quantity, unit price and the exact total. The form starts fresh on every opening.
 */
export function BuyDialog(props: BuyDialogProps) {
  return props.target ? <BuyFlow {...props} target={props.target} /> : null;
}

function BuyFlow({
  asset,
  target,
  onClose,
  submit,
  onSuccess,
}: BuyDialogProps & { target: TradeTarget }) {
  const texts = asset.buy;
  const steps = useTradeSteps({ target, submit, texts, onSuccess, onClose });
  const [quantity, setQuantity] = useState("");
  const [price, setPrice] = useState(target.price);
  const [notes, setNotes] = useState("");
  const [touched, setTouched] = useState({ quantity: false, price: false });

  const quantityProblem = quantity !== "" || touched.quantity ? buyQuantityProblem(quantity) : null;
  const priceProblem = price !== "" || touched.price ? purchasePriceProblem(price) : null;
  const total = tradeTotal(quantity, price);

  function review(event: FormEvent) {
    event.preventDefault();
    setTouched({ quantity: true, price: true });
    if (buyQuantityProblem(quantity) || purchasePriceProblem(price)) return;
    steps.review();
  }

  const label = target.name ? `${target.symbol} (${target.name})` : target.symbol;

  return (
    <Modal
      open
      step={steps.step}
      onOpenChange={(open) => !open && steps.requestClose()}
      title={steps.step === "form" ? texts.title : texts.confirmTitle}
      description={
        steps.step === "form"
          ? `${label}, current price ${formatCurrency(target.price)}`
          : undefined
      }
    >
      {steps.step === "form" ? (
        <form noValidate onSubmit={review} className="space-y-4">
          <Field
            label={texts.quantityLabel}
            type="number"
            inputMode="decimal"
            min="0"
            step={asset.quantityStep}
            autoFocus
            value={quantity}
            error={quantityProblem}
            onChange={(event) => setQuantity(event.target.value)}
            onBlur={() => setTouched((state) => ({ ...state, quantity: true }))}
          />
          <Field
            label={texts.priceLabel}
            type="number"
            inputMode="decimal"
            min="0"
            step={asset.priceStep}
            value={price}
            error={priceProblem}
            onChange={(event) => setPrice(event.target.value)}
            onBlur={() => setTouched((state) => ({ ...state, price: true }))}
          />
          <NotesField value={notes} onChange={setNotes} />
          <p className="flex justify-between text-sm">
            <span className="text-muted">Total</span>
            <span className="num font-semibold">{total ? formatCurrency(total) : "N/A"}</span>
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={steps.pending || !positiveAmount(quantity)}>
              {texts.submitLabel}
            </Button>
          </div>
        </form>
      ) : (
        <div className="space-y-4">
          <TradeConfirmation
            rows={[
              [asset.assetLabel, label],
              ["Quantity", formatQuantity(quantity)],
              [asset.pricePerUnitLabel, formatCurrency(price)],
              ["Total", formatCurrency(total)],
            ]}
          />
          {steps.failure && <Alert tone="error">{steps.failure}</Alert>}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={steps.pending} onClick={steps.back}>
              Back
            </Button>
            <Button
              busy={steps.pending}
              onClick={(event) =>
                steps.confirm(event, {
                  quantity: positiveAmount(quantity)!,
                  price: positiveAmount(price)!,
                  notes,
                })
              }
            >
              {texts.confirmTitle}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
