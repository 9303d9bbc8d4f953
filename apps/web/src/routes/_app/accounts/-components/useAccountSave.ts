import type { InvestmentAccount } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { trpc } from "../../../../lib/trpc";
import type { accountInput } from "./account-form";
import {
  accountSaveFailure,
  type AccountDialogTarget,
  type AccountFormField,
} from "./account-form";
import { methodSwitchedText } from "./method-switch";

/**
 * Saving the account dialog: a new account or an edit, each attempt with its key; what the
 * server refused, per field and overall. A switched cost-basis method re-fetches everything.
 */
export function useAccountSave(target: AccountDialogTarget, onClose: () => void) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  // The server's refusals per field, each shown until its field is edited.
  const [refused, setRefused] = useState<Partial<Record<AccountFormField, string>>>({});
  const [keys] = useState(() => new RequestKeys());

  const onSuccess = async (account: InvestmentAccount) => {
    const switched =
      target.mode === "edit" && target.account.costBasisMethod !== account.costBasisMethod;
    // The preview the switch was confirmed with, still held by the confirmation step.
    const preview = switched
      ? queryClient.getQueryData(
          trpc.tax.methodPreview.queryKey({
            accountId: account.id,
            method: account.costBasisMethod,
          }),
        )
      : undefined;
    notify.success(
      preview
        ? methodSwitchedText(account.name, preview)
        : target.mode === "edit"
          ? m.accounts_saved({ name: account.name })
          : m.accounts_added({ name: account.name }),
    );
    onClose();
    // A new method changes every realized gain of the account: returns, taxes, lots.
    await (switched
      ? queryClient.invalidateQueries()
      : queryClient.invalidateQueries(trpc.investmentAccounts.list.pathFilter()));
  };
  const onError = (error: unknown) => {
    const { fields, message } = accountSaveFailure(error);
    setRefused(fields);
    setFailure(message);
  };
  const create = useMutation(
    trpc.investmentAccounts.create.mutationOptions({ onSuccess, onError }),
  );
  const update = useMutation(
    trpc.investmentAccounts.update.mutationOptions({ onSuccess, onError }),
  );

  /** Writes the form's input: an edit of the target, or a new account (never made default). */
  function save(input: ReturnType<typeof accountInput>) {
    if (target.mode === "edit") {
      const request = { ...input, id: target.account.id };
      update.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
    } else {
      const { isDefault: _ignored, ...created } = input;
      create.mutate({ ...created, idempotencyKey: keys.keyFor(created) });
    }
  }
  /** Editing a field clears what the server refused in it. */
  const edited = (name: AccountFormField) => setRefused(({ [name]: _gone, ...rest }) => rest);
  const pending = create.isPending || update.isPending;
  return { failure, setFailure, refused, setRefused, edited, pending, save };
}

export type AccountSave = ReturnType<typeof useAccountSave>;
