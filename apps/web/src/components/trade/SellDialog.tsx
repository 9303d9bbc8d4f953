import { compare } from "@ledgerline/money";
import { useState, type FormEvent } from "react";
import { formatCurrency, formatQuantity } from "../../lib/format";
import { notify } from "../../lib/notify";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Modal } from "../ui/Modal";
import { NotesField } from "./NotesField";
import type { TradeAssetConfig } from "./trade-config";
import {
  clampToHeld,
  positiveAmount,
  sellPriceProblem,
  sellQuantityProblem,
  tradeTotal,
} from "./trade-form";
import { TradeConfirmation } from "./TradeConfirmation";
import type { TradeTarget, TradeValues } from "./types";
import { useTradeSteps } from "./useTradeSteps";

export interface SellDialogProps {
  asset: TradeAssetConfig;
  target: TradeTarget | null;
  /** The quantity held, exact ("0" when nothing is held). */
  held: string;
  onClose: () => void;
  submit: (target: TradeTarget, values: TradeValues) => Promise<unknown>;
  onSuccess?: () => void;
}

/**
 * Sell: quantity (never above what is held: more is set back to the holding with the asset's
 * message), price (the current price by default) and notes, then a confirm step.
 */
export function SellDialog(props: SellDialogProps) {
  return props.target ? <SellFlow {...props} target={props.target} /> : null;
}

function SellFlow({
  asset,
  target,
  held,
  onClose,
  submit,
  onSuccess,
}: SellDialogProps & { target: TradeTarget }) {
  const texts = asset.sell;
  const steps = useTradeSteps({ target, submit, texts, onSuccess, onClose });
  const [quantity, setQuantity] = useState("");
  const [price, setPrice] = useState(target.price);
  const [notes, setNotes] = useState("");
  const [oversold, setOversold] = useState(false);
  const [touched, setTouched] = useState({ quantity: false, price: false });
  const holdsSome = compare(held, "0") > 0;
  const inputsDisabled = texts.disableInputsWhenNothingHeld && !holdsSome;
  const heldText = formatQuantity(held);

  function changeQuantity(typed: string) {
    const next = clampToHeld(typed, held);
    setQuantity(next.quantity);
    setOversold(next.clamped);
    if (next.clamped && texts.oversellNotice) {
      notify.warning(texts.oversellNotice.text(held, target.symbol), {
        autoClose: texts.oversellNotice.durationMs,
        toastId: `oversell-${target.symbol}`,
      });
    }
  }

  const quantityProblem = oversold
    ? texts.oversellMessage(held, target.symbol)
    : quantity !== "" || touched.quantity
      ? sellQuantityProblem(quantity, held)
      : null;
  const priceProblem = price !== "" || touched.price ? sellPriceProblem(price) : null;
  const total = tradeTotal(quantity, price);
  const canSell = holdsSome && sellQuantityProblem(quantity, held) === null;

  function review(event: FormEvent) {
    event.preventDefault();
    setTouched({ quantity: true, price: true });
    if (!canSell || sellPriceProblem(price)) return;
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
          ? `${label}, current price ${formatCurrency(target.price)}. You hold ${asset.quantityText(heldText, target.symbol)}.`
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
            disabled={inputsDisabled}
            value={quantity}
            error={quantityProblem}
            onChange={(event) => changeQuantity(event.target.value)}
            onBlur={() => setTouched((state) => ({ ...state, quantity: true }))}
          />
          <Field
            label={texts.priceLabel}
            type="number"
            inputMode="decimal"
            min="0"
            step={asset.priceStep}
            disabled={inputsDisabled}
            value={price}
            error={priceProblem}
            onChange={(event) => setPrice(event.target.value)}
            onBlur={() => setTouched((state) => ({ ...state, price: true }))}
          />
          <NotesField value={notes} onChange={setNotes} disabled={inputsDisabled} />
          <p className="flex justify-between text-sm">
            <span className="text-muted">Total</span>
            <span className="num font-semibold">{total ? formatCurrency(total) : "N/A"}</span>
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={steps.pending || !canSell}>
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
