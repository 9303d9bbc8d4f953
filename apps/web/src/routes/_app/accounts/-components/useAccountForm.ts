import type { CostBasisMethod } from "@ledgerline/contracts/browser";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import { problemsByField } from "../../../../lib/form";
import {
  accountFormOf,
  accountFormProblems,
  accountInput,
  emptyAccountForm,
  type AccountDialogTarget,
  type AccountFormValues,
} from "./account-form";
import type { AccountSave } from "./useAccountSave";

/**
 * The account dialog's form, from the account's values (or empty): a changed cost-basis method
 * goes to its confirmation step first (`onSwitchTo`), anything else is saved.
 */
export function useAccountForm(
  target: AccountDialogTarget,
  saving: AccountSave,
  onSwitchTo: (method: CostBasisMethod) => void,
) {
  const [defaultValues] = useState<AccountFormValues>(() =>
    target.mode === "edit" ? accountFormOf(target.account) : emptyAccountForm,
  );
  return useForm({
    defaultValues,
    validators: { onSubmit: ({ value }) => problemsByField(accountFormProblems(value)) },
    onSubmitInvalid: () => saving.setFailure(null),
    onSubmit: ({ value }) => {
      if (saving.pending) return;
      saving.setFailure(null);
      saving.setRefused({});
      const input = accountInput(value);
      if (target.mode === "edit" && input.costBasisMethod !== target.account.costBasisMethod) {
        onSwitchTo(input.costBasisMethod);
        return;
      }
      saving.save(input);
    },
  });
}

export type AccountFormApi = ReturnType<typeof useAccountForm>;
