import { EARLIEST_DATE } from "@ledgerline/contracts/browser";
import { Field } from "../../../../components/ui/Field";
import { localDateInput } from "../../../../lib/datetime-local";
import { textInput, type TextFieldApi } from "../../../../lib/form";

/** `form.Field`'s render function for a day that has come (a cash activity's, a transfer's). */
export const pastDateField = (label: string) => (api: TextFieldApi) => (
  <Field label={label} type="date" min={EARLIEST_DATE} max={localDateInput()} {...textInput(api)} />
);

/** `form.Field`'s render function for an amount or a quantity typed as a decimal. */
export const decimalField = (label: string) => (api: TextFieldApi) => (
  <Field label={label} inputMode="decimal" autoComplete="off" {...textInput(api)} />
);
