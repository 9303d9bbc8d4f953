import { compare } from "@ledgerline/money";
import { useState, type FormEvent } from "react";
import { formatCurrency, formatPrice, formatQuantity } from "../../lib/format";
import { notify } from "../../lib/notify";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Modal } from "../ui/Modal";
import { NotesField } from "./NotesField";
import type { TradeAssetConfig } from "./trade-config";
import {
  buyQuantityProblem,
  clampToHeld,
  positiveAmount,
  purchasePriceProblem,
  sellPriceProblem,
  sellQuantityProblem,
  tradeTotal,
} from "./trade-form";
import { TradeConfirmation } from "./TradeConfirmation";
import type { TradeTarget, TradeValues } from "./types";
import { useTradeSteps } from "./useTradeSteps";

export interface TradeDialogProps {
  asset: TradeAssetConfig;
  /** The dialog is open while there is a target. */
  target: TradeTarget | null;
  onClose: () => void;
  /** Writes the trade; a rejection's 4xx message is shown, otherwise the asset's failure text. */
  submit: (target: TradeTarget, values: TradeValues) => Promise<unknown>;
  /** After a successful trade (re-fetch what changed). */
  onSuccess?: () => void;
}

/**
 * Buy: quantity, price (the current price by default) and notes, then a confirm step listing
 * asset, quantity, unit price and the exact total. The form starts fresh on every opening.
 */
export function BuyDialog(props: TradeDialogProps) {
  return props.target ? <TradeFlow {...props} target={props.target} side="buy" held="0" /> : null;
}

/**
 * Sell: quantity (never above what is held: more is set back to the holding with the asset's
 * message), price (the current price by default) and notes, then the same confirm step.
 */
export function SellDialog(props: TradeDialogProps & { held: string }) {
  return props.target ? <TradeFlow {...props} target={props.target} side="sell" /> : null;
}

/** The one trade dialog: its two steps, fields and totals; buy and sell differ in their rules. */
function TradeFlow({
  asset,
  target,
  side,
  held,
  onClose,
  submit,
  onSuccess,
}: TradeDialogProps & { target: TradeTarget; side: "buy" | "sell"; held: string }) {
  const texts = asset[side];
  const steps = useTradeSteps({ target, submit, texts, onSuccess, onClose });
  const [quantity, setQuantity] = useState("");
  const [price, setPrice] = useState(target.price);
  const [notes, setNotes] = useState("");
  const [oversold, setOversold] = useState(false);
  const [touched, setTouched] = useState({ quantity: false, price: false });
  const selling = side === "sell";
  const holdsSome = compare(held, "0") > 0;
  const inputsDisabled = selling && asset.sell.disableInputsWhenNothingHeld && !holdsSome;

  function changeQuantity(typed: string) {
    if (!selling) return setQuantity(typed);
    const next = clampToHeld(typed, held);
    setQuantity(next.quantity);
    setOversold(next.clamped);
    const notice = asset.sell.oversellNotice;
    if (next.clamped && notice) {
      notify.warning(notice.text(held, target.symbol), {
        autoClose: notice.durationMs,
        toastId: `oversell-${target.symbol}`,
      });
    }
  }

  const quantityRule = (value: string) =>
    selling ? sellQuantityProblem(value, held) : buyQuantityProblem(value);
  const priceRule = selling ? sellPriceProblem : purchasePriceProblem;
  const quantityProblem = oversold
    ? asset.sell.oversellMessage(held, target.symbol)
    : quantity !== "" || touched.quantity
      ? quantityRule(quantity)
      : null;
  const priceProblem = price !== "" || touched.price ? priceRule(price) : null;
  const total = tradeTotal(quantity, price);
  const canReview = selling
    ? holdsSome && quantityRule(quantity) === null
    : !!positiveAmount(quantity);

  function review(event: FormEvent) {
    event.preventDefault();
    setTouched({ quantity: true, price: true });
    if (quantityRule(quantity) || priceRule(price) || (selling && !holdsSome)) return;
    steps.review();
  }

  const label = target.name ? `${target.symbol} (${target.name})` : target.symbol;
  const current = `${label}, current price ${formatPrice(target.price)}`;

  return (
    <Modal
      open
      step={steps.step}
      onOpenChange={(open) => !open && steps.requestClose()}
      title={steps.step === "form" ? texts.title : texts.confirmTitle}
      description={
        steps.step !== "form"
          ? undefined
          : selling
            ? `${current}. You hold ${asset.quantityText(formatQuantity(held), target.symbol)}.`
            : current
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
            <Button type="submit" disabled={steps.pending || !canReview}>
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
              [asset.pricePerUnitLabel, formatPrice(price)],
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
