import { m } from "@ledgerline/messages";
import { firstError, onceEngaged, revalidateOnBlur, textInput } from "../../lib/form";
import { formatQuantity } from "../../lib/format";
import { Field } from "../ui/Field";
import { SelectField } from "../ui/SelectField";
import { NotesField } from "./NotesField";
import { feeProblem } from "./trade-form";
import type { TradeFlowState } from "./useTradeFlow";

/** Quantity and price inputs: decimal text, never below 0. */
const amountInput = { type: "number", inputMode: "decimal", min: "0" } as const;

/** The fee box says where its amount goes: into a buy's cost, out of a sell's proceeds. */
const feeHint = { buy: m.trade_fee_hint_buy(), sell: m.trade_fee_hint_sell() } as const;

/** The account choice, for a user with more than one; a sell's names what each holds. */
export function AccountSelect({ flow }: { flow: TradeFlowState }) {
  const { accounts, selling, asset, target } = flow;
  if (!accounts) return null;
  return (
    <SelectField
      label={m.trade_account()}
      value={String(flow.accountId)}
      options={accounts.choices.map((choice) => ({
        value: String(choice.id),
        label: selling
          ? `${choice.label}: ${asset.quantityText(formatQuantity(choice.held), target.symbol)}`
          : choice.label,
      }))}
      onChange={flow.changeAccount}
    />
  );
}

/** The quantity and price fields, each checked by the side's rules. */
export function AmountFields({ flow }: { flow: TradeFlowState }) {
  const { form, rules, texts, asset, selling, held, target, oversold, inputsDisabled } = flow;
  return (
    <>
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
              selling && flow.holdsSome && !oversold
                ? asset.sell.quantityHint?.(formatQuantity(held), target.symbol)
                : undefined
            }
            error={
              oversold
                ? asset.sell.oversellMessage(held, target.symbol)
                : firstError(field.state.meta.errors)
            }
            onChange={(event) => flow.changeQuantity(event.target.value, field.handleChange)}
          />
        )}
      </form.Field>
      <form.Field
        name="price"
        validators={{ onMount: onceEngaged(rules.price), onChange: onceEngaged(rules.price) }}
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
    </>
  );
}

/** The optional fee and notes. */
export function FeeAndNotesFields({ flow }: { flow: TradeFlowState }) {
  const { form, inputsDisabled } = flow;
  return (
    <>
      <form.Field
        name="fee"
        validators={{ onChange: onceEngaged(feeProblem) }}
        listeners={revalidateOnBlur}
      >
        {(field) => (
          <Field
            label={m.trade_fee_optional()}
            {...amountInput}
            step="0.01"
            placeholder="0.00"
            disabled={inputsDisabled}
            hint={feeHint[flow.side]}
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
    </>
  );
}
