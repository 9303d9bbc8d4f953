import { costBasisMethods } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import type { ChangeEvent, RefObject } from "react";
import { accountTypeOptions } from "../../../../components/accounts/accounts";
import {
  costBasisMethodExplained,
  costBasisMethodNames,
} from "../../../../components/accounts/cost-basis-methods";
import { Field } from "../../../../components/ui/Field";
import { enumOptions, SelectField } from "../../../../components/ui/SelectField";
import { textInput, type TextFieldApi } from "../../../../lib/form";
import type { AccountFormField } from "./account-form";
import type { AccountFormApi } from "./useAccountForm";
import type { AccountSave } from "./useAccountSave";

const methodOptions = enumOptions(costBasisMethods, costBasisMethodNames);

/**
 * `form.Field`'s render function for a checkbox bound to the field, with its label and a line
 * saying what it does.
 */
function boundCheckbox(label: string, hint: string) {
  return (field: { state: { value: boolean }; handleChange: (checked: boolean) => void }) => (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5"
        checked={field.state.value}
        onChange={(event) => field.handleChange(event.target.checked)}
      />
      <span>
        {label}
        <span className="block text-xs text-muted">{hint}</span>
      </span>
    </label>
  );
}

/** The name, type and institution: each shows what the server refused in it until edited. */
export function AccountNameFields({ form, saving }: { form: AccountFormApi; saving: AccountSave }) {
  const { refused, edited } = saving;
  /** A text field's props: editing it clears what the server refused in it. */
  const refusable = (name: AccountFormField, field: TextFieldApi) => {
    const bound = textInput(field);
    return {
      ...bound,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        edited(name);
        bound.onChange(event);
      },
      error: bound.error ?? refused[name],
    };
  };
  return (
    <>
      <form.Field name="name">
        {(api) => (
          <Field label={m.accounts_col_name()} autoComplete="off" {...refusable("name", api)} />
        )}
      </form.Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="type">
          {(api) => (
            <SelectField
              label={m.accounts_field_type()}
              value={api.state.value}
              options={accountTypeOptions}
              error={refused.type}
              onChange={(value) => {
                edited("type");
                api.handleChange(value);
              }}
            />
          )}
        </form.Field>
        <form.Field name="institution">
          {(api) => (
            <Field
              label={m.accounts_field_institution()}
              autoComplete="off"
              placeholder={m.accounts_field_institution_placeholder()}
              {...refusable("institution", api)}
            />
          )}
        </form.Field>
      </div>
    </>
  );
}

/** The cost-basis method, cash tracking, and (for an account that is not) making it default. */
export function AccountSettingFields({
  form,
  saving,
  methodField,
  offerDefault,
}: {
  form: AccountFormApi;
  saving: AccountSave;
  /** Around the method's select, which takes focus back from the switch's step. */
  methodField: RefObject<HTMLDivElement | null>;
  offerDefault: boolean;
}) {
  return (
    <>
      <form.Field name="costBasisMethod">
        {(api) => (
          <div ref={methodField}>
            <SelectField
              label={m.accounts_field_method()}
              value={api.state.value}
              options={methodOptions}
              error={saving.refused.costBasisMethod}
              hint={costBasisMethodExplained[api.state.value]}
              onChange={(value) => {
                saving.edited("costBasisMethod");
                api.handleChange(value);
              }}
            />
          </div>
        )}
      </form.Field>
      <form.Field name="cashTracked">
        {boundCheckbox(m.accounts_field_track_cash(), m.accounts_field_track_cash_hint())}
      </form.Field>
      {offerDefault && (
        <form.Field name="makeDefault">
          {boundCheckbox(m.accounts_field_make_default(), m.accounts_field_make_default_hint())}
        </form.Field>
      )}
    </>
  );
}
