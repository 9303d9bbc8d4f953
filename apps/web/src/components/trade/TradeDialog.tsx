import { add, compare, subtract } from "@ledgerline/money";
import { useForm, useSelector } from "@tanstack/react-form";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { firstError, onceEngaged, revalidateOnBlur, textInput } from "../../lib/form";
import { formatCurrency, formatPrice, formatQuantity } from "../../lib/format";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { Modal } from "../ui/Modal";
import { SelectField } from "../ui/SelectField";
import type { LotChoiceState } from "./lots/LotChoice";
import { NotesField } from "./NotesField";
import type { TradeAccounts } from "./trade-accounts";
import type { TradeAssetConfig } from "./trade-config";
import {
  clampToHeld,
  feeAmount,
  feeProblem,
  positiveAmount,
  totalWithFee,
  tradeRules,
  tradeTotal,
  tradeTotalProblem,
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
  /**
   * The accounts to choose from, for a user with more than one: the holding shown and the sell's
   * limit are then the chosen account's. Without it the trade goes to the default account.
   */
  accounts?: TradeAccounts;
}

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

// The lots' table loads with a sell's first opening, not with every trade dialog.
const LotChoice = lazy(() => import("./lots/LotChoice"));

/** Quantity and price inputs: decimal text, never below 0. */
const amountInput = { type: "number", inputMode: "decimal", min: "0" } as const;

/** With a fee, the total says which way it went. */
const totalLabel = { buy: "Total with fee", sell: "Total after fee" } as const;

/** The fee box says where its amount goes: into a buy's cost, out of a sell's proceeds. */
const feeHint = {
  buy: "Commission or fee the broker charged; it is added to the cost.",
  sell: "Commission or fee the broker charged; it is taken from the proceeds.",
} as const;

/** The one trade dialog: its two steps, fields and totals; buy and sell differ in their rules. */
function TradeFlow({
  asset,
  target,
  side,
  held: heldOverall,
  onClose,
  submit,
  onSuccess,
  accounts,
}: TradeDialogProps & { target: TradeTarget; side: "buy" | "sell"; held: string }) {
  const texts = asset[side];
  // The accounts may arrive after the dialog opened: until one is picked, the initial one.
  const [picked, setAccountId] = useState<number>();
  const accountId = picked ?? accounts?.initial;
  const account = accounts?.choices.find((choice) => choice.id === accountId);
  const held = account ? account.held : heldOverall;
  const steps = useTradeSteps({ target, submit, texts, onSuccess, onClose });
  const [oversold, setOversold] = useState(false);
  // Until the seller chooses lots, the account's method picks them (nothing is sent).
  const [lotChoice, setLotChoice] = useState<LotChoiceState>({ complete: true });
  const selling = side === "sell";
  const holdsSome = compare(held, "0") > 0;
  const inputsDisabled = selling && asset.sell.disableInputsWhenNothingHeld && !holdsSome;
  const rules = tradeRules(side, held);

  // The price the dialog opened with stays the default while live prices move on.
  const [defaultValues] = useState(() => ({
    quantity: "",
    price: target.price,
    fee: "",
    notes: "",
  }));
  const form = useForm({
    defaultValues,
    onSubmit: () => {
      if (!selling || holdsSome) steps.review();
    },
  });
  const { quantity, price, fee, notes } = useSelector(form.store, (state) => state.values);

  function changeQuantity(typed: string, change: (quantity: string) => void, limit: string = held) {
    if (!selling) return change(typed);
    const next = clampToHeld(typed, limit);
    change(next.quantity);
    setOversold(next.clamped);
  }

  /** Another account: a sell's quantity is held to what that account holds. */
  function changeAccount(id: string) {
    const chosen = accounts?.choices.find((choice) => String(choice.id) === id);
    if (!chosen) return;
    setAccountId(chosen.id);
    if (selling && quantity !== "") {
      changeQuantity(quantity, (next) => form.setFieldValue("quantity", next), chosen.held);
    }
  }

  const subtotal = tradeTotal(quantity, price);
  const paid = feeAmount(fee);
  const hasFee = paid !== undefined && compare(paid, "0") > 0;
  const total = totalWithFee(side, quantity, price, fee);
  const totalProblem = tradeTotalProblem(quantity, price, side, fee);
  const canReview =
    totalProblem === null &&
    feeProblem(fee) === null &&
    (selling
      ? holdsSome && rules.quantity(quantity) === null && lotChoice.complete
      : !!positiveAmount(quantity));

  function review(event: FormEvent) {
    event.preventDefault();
    void form.handleSubmit();
  }

  const label = target.name ? `${target.symbol} (${target.name})` : target.symbol;
  const quantityGiven = positiveAmount(quantity);
  const heldAfter = quantityGiven && (selling ? subtract : add)(held, quantityGiven);
  const current = `${label}, current price ${formatPrice(target.price)}`;

  return (
    <Modal
      open
      step={steps.step}
      onOpenChange={(open) => !open && steps.requestClose()}
      onBack={steps.browserBack}
      title={steps.step === "form" ? texts.title : texts.confirmTitle}
      description={
        steps.step !== "form"
          ? `Check the order: nothing is ${selling ? "sold" : "bought"} until you confirm.`
          : selling
            ? `${current}. You hold ${asset.quantityText(formatQuantity(held), target.symbol)}.`
            : current
      }
    >
      {steps.step === "form" ? (
        <form noValidate onSubmit={review} className="space-y-4">
          {accounts && (
            <SelectField
              label="Account"
              value={String(accountId)}
              options={accounts.choices.map((choice) => ({
                value: String(choice.id),
                label: selling
                  ? `${choice.label}: ${asset.quantityText(formatQuantity(choice.held), target.symbol)}`
                  : choice.label,
              }))}
              onChange={changeAccount}
            />
          )}
          <form.Field
            name="quantity"
            validators={{ onChange: onceEngaged(rules.quantity) }}
            listeners={revalidateOnBlur}
          >
            {(field) => (
              <Field
                label={texts.quantityLabel}
                {...amountInput}
                step={asset.quantityStep}
                autoFocus
                disabled={inputsDisabled}
                {...textInput(field)}
                // One message at a time: the holding's limit, until more than it was typed.
                hint={
                  selling && holdsSome && !oversold
                    ? asset.sell.quantityHint?.(formatQuantity(held), target.symbol)
                    : undefined
                }
                error={
                  oversold
                    ? asset.sell.oversellMessage(held, target.symbol)
                    : firstError(field.state.meta.errors)
                }
                onChange={(event) => changeQuantity(event.target.value, field.handleChange)}
              />
            )}
          </form.Field>
          <form.Field
            name="price"
            validators={{
              onMount: onceEngaged(rules.price),
              onChange: onceEngaged(rules.price),
            }}
            listeners={revalidateOnBlur}
          >
            {(field) => (
              <Field
                label={texts.priceLabel}
                {...amountInput}
                step={asset.priceStep}
                disabled={inputsDisabled}
                {...textInput(field)}
              />
            )}
          </form.Field>
          {selling && holdsSome && (
            <Suspense fallback={<p className="h-24 text-sm text-muted">Loading your lots…</p>}>
              <LotChoice
                key={accountId}
                symbol={target.symbol}
                assetType={asset.assetType}
                accountId={account?.id}
                quantity={quantity}
                price={price}
                quantityText={(amount, symbol) => asset.quantityText(amount, symbol)}
                onChange={setLotChoice}
              />
            </Suspense>
          )}
          <form.Field
            name="fee"
            validators={{ onChange: onceEngaged(feeProblem) }}
            listeners={revalidateOnBlur}
          >
            {(field) => (
              <Field
                label="Fee (optional)"
                {...amountInput}
                step="0.01"
                placeholder="0.00"
                disabled={inputsDisabled}
                hint={feeHint[side]}
                {...textInput(field)}
              />
            )}
          </form.Field>
          <form.Field name="notes">
            {(field) => (
              <NotesField
                value={field.state.value}
                onChange={field.handleChange}
                disabled={inputsDisabled}
              />
            )}
          </form.Field>
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
        // The step fills the dialog, which keeps the form's height (Modal's `step`): the buttons
        // stay at its foot, where the form's were, with the order and its outcome above them.
        <div className="flex flex-1 flex-col gap-4">
          <TradeConfirmation
            rows={[
              [asset.assetLabel, label],
              ...(account ? [["Account", account.label] as [string, string]] : []),
              ["Quantity", formatQuantity(quantity)],
              [asset.pricePerUnitLabel, formatPrice(price)],
              ...(hasFee
                ? ([
                    ["Subtotal", formatCurrency(subtotal)],
                    ["Fee", formatCurrency(paid)],
                    [totalLabel[side], formatCurrency(total)],
                  ] as [string, string][])
                : ([["Total", formatCurrency(total)]] as [string, string][])),
              ...(notes.trim() ? [["Notes", notes.trim()] as [string, string]] : []),
              ...(selling && lotChoice.lots
                ? [["Lots", lotsText(lotChoice.lots)] as [string, string]]
                : []),
              [
                selling ? "Held after the sale" : "Held after the purchase",
                heldAfter ? asset.quantityText(formatQuantity(heldAfter), target.symbol) : "N/A",
              ],
            ]}
          />
          {steps.failure && <Alert tone="error">{steps.failure}</Alert>}
          <div className="mt-auto flex justify-end gap-2">
            <Button variant="secondary" disabled={steps.pending} onClick={steps.back}>
              Back
            </Button>
            <Button
              busy={steps.pending}
              onClick={(event) =>
                steps.confirm(event, {
                  quantity: quantityGiven!,
                  price: positiveAmount(price)!,
                  fee: paid ?? "0",
                  notes,
                  ...(account ? { accountId: account.id } : {}),
                  ...(selling && lotChoice.lots ? { lots: lotChoice.lots } : {}),
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

/** The lots chosen, as the confirm step lists them: "5 of lot 12, 2 of lot 15". */
function lotsText(lots: readonly { lotId: string; quantity: string }[]): string {
  return lots.map((lot) => `${formatQuantity(lot.quantity)} of lot ${lot.lotId}`).join(", ");
}
