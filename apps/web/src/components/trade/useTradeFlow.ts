import { add, compare, subtract } from "@ledgerline/money";
import { useForm, useSelector } from "@tanstack/react-form";
import { useState } from "react";
import type { LotChoiceState } from "./lots/LotChoice";
import type { TradeAccounts } from "./trade-accounts";
import type { TradeAssetConfig } from "./trade-config";
import { clampToHeld, feeProblem, positiveAmount, tradeRules } from "./trade-form";
import { tradeFigures } from "./trade-figures";
import type { TradeTarget, TradeValues } from "./types";
import { useTradeAccount } from "./useTradeAccount";
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

export type TradeFlowProps = TradeDialogProps & {
  target: TradeTarget;
  side: "buy" | "sell";
  held: string;
};

/** The trade dialog's state: the account, the form's values, the lots, the two steps. */
export function useTradeFlow({ asset, target, side, held: heldOverall, ...props }: TradeFlowProps) {
  const texts = asset[side];
  const { accountId, account, held, pickAccount } = useTradeAccount(props.accounts, heldOverall);
  const steps = useTradeSteps({ target, texts, ...props });
  const [oversold, setOversold] = useState(false);
  // Until the seller chooses lots, the account's method picks them (nothing is sent).
  const [lotChoice, setLotChoice] = useState<LotChoiceState>({ complete: true });
  const selling = side === "sell";
  const holdsSome = compare(held, "0") > 0;
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
  const values = useSelector(form.store, (state) => state.values);
  const { quantity, price, fee } = values;

  function changeQuantity(typed: string, change: (quantity: string) => void, limit: string = held) {
    if (!selling) return change(typed);
    const next = clampToHeld(typed, limit);
    change(next.quantity);
    setOversold(next.clamped);
  }
  /** Another account: a sell's quantity is held to what that account holds. */
  function changeAccount(id: string) {
    const chosen = pickAccount(id);
    if (chosen && selling && quantity !== "") {
      changeQuantity(quantity, (next) => form.setFieldValue("quantity", next), chosen.held);
    }
  }

  const rules = tradeRules(side, held);
  const figures = tradeFigures(side, quantity, price, fee);
  const canReview =
    figures.totalProblem === null &&
    feeProblem(fee) === null &&
    (selling
      ? holdsSome && rules.quantity(quantity) === null && lotChoice.complete
      : !!positiveAmount(quantity));
  const quantityGiven = positiveAmount(quantity);
  return {
    asset,
    target,
    side,
    texts,
    selling,
    steps,
    form,
    values,
    rules,
    figures,
    canReview,
    accounts: props.accounts,
    accountId,
    account,
    held,
    holdsSome,
    changeAccount,
    oversold,
    changeQuantity,
    lotChoice,
    setLotChoice,
    quantityGiven,
    inputsDisabled: selling && asset.sell.disableInputsWhenNothingHeld && !holdsSome,
    heldAfter: quantityGiven && (selling ? subtract : add)(held, quantityGiven),
    label: target.name ? `${target.symbol} (${target.name})` : target.symbol,
  };
}

export type TradeFlowState = ReturnType<typeof useTradeFlow>;
