import type { CashActivity, CashActivityType, InvestmentAccount } from "@ledgerline/contracts";
import { cashActivityTypes } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { useState } from "react";
import {
  cashFormOf,
  cashFormProblems,
  cashInput,
  emptyCashForm,
  type CashFormValues,
} from "../../../../components/cash/cash-form";
import { invalidateOwnData } from "../../../../components/assets/own-data";
import { Alert } from "../../../../components/ui/Alert";
import { Field } from "../../../../components/ui/Field";
import { decimalField, pastDateField } from "./bound-fields";
import { DialogFormButtons, Modal } from "../../../../components/ui/Modal";
import { boundSelect, enumOptions } from "../../../../components/ui/SelectField";
import { problemsByField, submitTo, textInput } from "../../../../lib/form";
import { formatCurrency } from "../../../../lib/format";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";
import { cashActivityNames } from "../../../../components/accounts/cash-activity-names";
import { cashText as text } from "./screen-texts";

/** What the dialog is open for: a new activity in an account, or one to correct. */
export type CashDialogTarget =
  | { mode: "add"; account: InvestmentAccount }
  | {
      mode: "edit";
      account: InvestmentAccount;
      activity: CashActivity & { type: CashActivityType };
    };

const typeOptions = enumOptions(cashActivityTypes, cashActivityNames);

export function CashActivityDialog({
  target,
  onClose,
}: {
  target: CashDialogTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.mode === "edit" ? text.editActivity(target.activity.type) : text.addActivity}
      description={
        target?.mode === "edit"
          ? text.editActivityDescription
          : target
            ? text.addActivityDescription(target.account.name)
            : undefined
      }
    >
      {/* Mounted per opening, so each starts from the activity's values with keys of its own. */}
      {target && (
        <CashForm
          key={target.mode === "edit" ? target.activity.id : `add-${target.account.id}`}
          target={target}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function CashForm({ target, onClose }: { target: CashDialogTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [defaultValues] = useState<CashFormValues>(() =>
    target.mode === "edit" ? cashFormOf(target.activity) : emptyCashForm(),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [keys] = useState(() => new RequestKeys());

  const onSuccess = async (activity: CashActivity) => {
    const amount = formatCurrency(activity.amount);
    notify.success(
      target.mode === "edit"
        ? text.saved(activity.type, amount)
        : text.added(activity.type, amount),
    );
    onClose();
    await invalidateOwnData(queryClient);
  };
  const onError = (error: unknown) => setFailure(errorMessage(error, text.saveFailed));
  const create = useMutation(trpc.cash.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.cash.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  const form = useForm({
    defaultValues,
    validators: { onSubmit: ({ value }) => problemsByField(cashFormProblems(value)) },
    onSubmitInvalid: () => setFailure(null),
    onSubmit: ({ value }) => {
      if (pending) return;
      setFailure(null);
      const input = cashInput(value, target.account.id);
      if (target.mode === "edit") {
        const request = { ...input, id: target.activity.id };
        update.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
      } else {
        create.mutate({ ...input, idempotencyKey: keys.keyFor(input) });
      }
    },
  });

  return (
    <form onSubmit={submitTo(form)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="type">{boundSelect(m.accounts_field_type(), typeOptions)}</form.Field>
        <form.Field name="amount">{decimalField(m.accounts_field_amount())}</form.Field>
        <form.Field name="date">{pastDateField(m.accounts_field_date())}</form.Field>
      </div>
      <form.Field name="notes">
        {(api) => <Field label={m.accounts_field_notes()} autoComplete="off" {...textInput(api)} />}
      </form.Field>
      {failure && <Alert tone="error">{failure}</Alert>}
      <DialogFormButtons
        busy={pending}
        submitLabel={target.mode === "edit" ? m.accounts_save_changes() : text.addActivity}
        onCancel={onClose}
      />
    </form>
  );
}
