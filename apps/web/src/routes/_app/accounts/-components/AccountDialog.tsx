import type { InvestmentAccount } from "@ledgerline/contracts";
import {
  costBasisMethodHints,
  costBasisMethodLabels,
  costBasisMethods,
  type CostBasisMethod,
} from "@ledgerline/contracts/browser";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "@tanstack/react-form";
import { type ChangeEvent, useRef, useState } from "react";
import { accountTypeOptions } from "../../../../components/accounts/accounts";
import { Alert } from "../../../../components/ui/Alert";
import { Field } from "../../../../components/ui/Field";
import { DialogFormButtons, Modal } from "../../../../components/ui/Modal";
import { enumOptions, SelectField } from "../../../../components/ui/SelectField";
import { problemsByField, submitTo, textInput, type TextFieldApi } from "../../../../lib/form";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { trpc } from "../../../../lib/trpc";
import {
  accountFormOf,
  accountFormProblems,
  accountInput,
  accountSaveFailure,
  emptyAccountForm,
  type AccountFormField,
  type AccountFormValues,
} from "./account-form";
import { methodSwitchedText } from "./method-switch";
import { MethodSwitchStep } from "./MethodSwitchStep";

const methodOptions = enumOptions(costBasisMethods, costBasisMethodLabels);

/** What the dialog is open for: a new account, or one to edit. */
export type AccountDialogTarget = { mode: "add" } | { mode: "edit"; account: InvestmentAccount };

export function AccountDialog({
  target,
  onClose,
}: {
  target: AccountDialogTarget | null;
  onClose: () => void;
}) {
  // The method an edit would switch to, while its realized gains are shown for confirmation.
  const [switchTo, setSwitchTo] = useState<CostBasisMethod | null>(null);
  const close = () => {
    setSwitchTo(null);
    onClose();
  };
  const confirming = target?.mode === "edit" && switchTo !== null;
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && close()}
      onBack={confirming ? () => setSwitchTo(null) : undefined}
      step={confirming ? "confirm" : "form"}
      title={
        confirming
          ? `Change the cost-basis method of ${target.account.name}?`
          : target?.mode === "edit"
            ? `Edit ${target.account.name}`
            : "Add account"
      }
      description={
        confirming
          ? "Check what changes: nothing is saved until you confirm."
          : target?.mode === "edit"
            ? "Rename the account, change its type, institution or cost-basis method, or make it the default."
            : "A brokerage account, a retirement account or an exchange wallet you trade in."
      }
    >
      {/* Mounted per opening, so each starts from the account's values with keys of its own. */}
      {target && (
        <AccountForm
          key={target.mode === "edit" ? target.account.id : "add"}
          target={target}
          switchTo={switchTo}
          onSwitchTo={setSwitchTo}
          onClose={close}
        />
      )}
    </Modal>
  );
}

function AccountForm({
  target,
  switchTo,
  onSwitchTo,
  onClose,
}: {
  target: AccountDialogTarget;
  switchTo: CostBasisMethod | null;
  onSwitchTo: (method: CostBasisMethod | null) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [defaultValues] = useState<AccountFormValues>(() =>
    target.mode === "edit" ? accountFormOf(target.account) : emptyAccountForm,
  );
  const [failure, setFailure] = useState<string | null>(null);
  // The server's refusals per field, each shown until its field is edited.
  const [refused, setRefused] = useState<Partial<Record<AccountFormField, string>>>({});
  const [keys] = useState(() => new RequestKeys());
  const methodField = useRef<HTMLDivElement>(null);

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
        : `${target.mode === "edit" ? "Saved" : "Added"} account ${account.name}`,
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
  const pending = create.isPending || update.isPending;

  const form = useForm({
    defaultValues,
    validators: { onSubmit: ({ value }) => problemsByField(accountFormProblems(value)) },
    onSubmitInvalid: () => setFailure(null),
    onSubmit: ({ value }) => {
      if (pending) return;
      setFailure(null);
      setRefused({});
      const input = accountInput(value);
      if (target.mode === "edit") {
        if (input.costBasisMethod !== target.account.costBasisMethod) {
          onSwitchTo(input.costBasisMethod);
          return;
        }
        const request = { ...input, id: target.account.id };
        update.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
      } else {
        const { isDefault: _ignored, ...created } = input;
        create.mutate({ ...created, idempotencyKey: keys.keyFor(created) });
      }
    },
  });
  const edited = (name: AccountFormField) => setRefused(({ [name]: _gone, ...rest }) => rest);
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

  const confirmSwitch = () => {
    if (pending || target.mode !== "edit") return;
    setFailure(null);
    const request = { ...accountInput(form.state.values), id: target.account.id };
    update.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
  };
  const backToForm = () => {
    setFailure(null);
    onSwitchTo(null);
    // The step's buttons are gone: the method's select, which was changed, takes focus.
    setTimeout(() => methodField.current?.querySelector("select")?.focus(), 0);
  };

  if (target.mode === "edit" && switchTo !== null) {
    return (
      <MethodSwitchStep
        accountId={target.account.id}
        accountName={target.account.name}
        switchTo={switchTo}
        busy={pending}
        failure={failure}
        onConfirm={confirmSwitch}
        onBack={backToForm}
        onCancel={onClose}
      />
    );
  }

  return (
    <form onSubmit={submitTo(form)} noValidate className="space-y-4">
      <form.Field name="name">
        {(api) => <Field label="Name" autoComplete="off" {...refusable("name", api)} />}
      </form.Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <form.Field name="type">
          {(api) => (
            <SelectField
              label="Type"
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
              label="Institution (optional)"
              autoComplete="off"
              placeholder="e.g. Fidelity"
              {...refusable("institution", api)}
            />
          )}
        </form.Field>
      </div>
      <form.Field name="costBasisMethod">
        {(api) => (
          <div ref={methodField}>
            <SelectField
              label="Cost-basis method"
              value={api.state.value}
              options={methodOptions}
              error={refused.costBasisMethod}
              hint={costBasisMethodHints[api.state.value]}
              onChange={(value) => {
                edited("costBasisMethod");
                api.handleChange(value);
              }}
            />
          </div>
        )}
      </form.Field>
      <form.Field name="cashTracked">
        {(api) => (
          <CheckboxField
            label="Track cash in this account"
            hint="Shows the account's cash balance beside its holdings."
            checked={api.state.value}
            onChange={api.handleChange}
          />
        )}
      </form.Field>
      {target.mode === "edit" && !target.account.isDefault && (
        <form.Field name="makeDefault">
          {(api) => (
            <CheckboxField
              label="Make this the default account"
              hint="Trades and imports that name no account go into the default account."
              checked={api.state.value}
              onChange={api.handleChange}
            />
          )}
        </form.Field>
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <DialogFormButtons
        busy={pending}
        submitLabel={target.mode === "edit" ? "Save changes" : "Add account"}
        onCancel={onClose}
      />
    </form>
  );
}

/** A checkbox with its label and a line saying what it does. */
function CheckboxField(props: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>
        {props.label}
        <span className="block text-xs text-muted">{props.hint}</span>
      </span>
    </label>
  );
}
