import type { IncomeEntry, InvestmentAccount } from "@ledgerline/contracts";
import { EARLIEST_DATE } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm, useSelector } from "@tanstack/react-form";
import { useState, type ReactNode } from "react";
import { accountChoice, defaultAccountOf } from "../../../../components/accounts/accounts";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Field } from "../../../../components/ui/Field";
import { Modal } from "../../../../components/ui/Modal";
import { SelectField } from "../../../../components/ui/SelectField";
import { problemsByField, submitTo, textInput } from "../../../../lib/form";
import { localDateInput } from "../../../../lib/datetime-local";
import { formatCurrency } from "../../../../lib/format";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";
import {
  computedTotal,
  emptyIncomeForm,
  incomeFormOf,
  incomeFormProblems,
  incomeInput,
  type IncomeFormField,
  type IncomeFormValues,
} from "./income-form";

/** What the dialog is open for: a new entry, or an existing one to correct. */
export type IncomeDialogTarget = { mode: "add" } | { mode: "edit"; entry: IncomeEntry };

export function IncomeDialog({
  target,
  accounts,
  initialAccount,
  onClose,
}: {
  target: IncomeDialogTarget | null;
  /** The user's accounts: a new entry chooses its account when there are several. */
  accounts: readonly InvestmentAccount[];
  /** The account chosen when the dialog opens (the page's filter); else the default account. */
  initialAccount: number | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={
        target?.mode === "edit"
          ? m.income_edit_title({ symbol: target.entry.symbol })
          : m.income_add()
      }
      description={
        target?.mode === "edit" ? m.income_edit_description() : m.income_add_description()
      }
    >
      {/* Mounted per opening, so each starts from the entry's figures with keys of its own. */}
      {target && (
        <IncomeForm
          key={target.mode === "edit" ? target.entry.id : "add"}
          target={target}
          accounts={target.mode === "add" && accounts.length > 1 ? accounts : undefined}
          initialAccount={initialAccount ?? defaultAccountOf(accounts)?.id}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function IncomeForm({
  target,
  accounts,
  initialAccount,
  onClose,
}: {
  target: IncomeDialogTarget;
  accounts: readonly InvestmentAccount[] | undefined;
  initialAccount: number | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [accountId, setAccountId] = useState(initialAccount);
  // The figures the dialog opened with stay the defaults while the list refreshes behind it.
  const [defaultValues] = useState<IncomeFormValues>(() =>
    target.mode === "edit" ? incomeFormOf(target.entry) : emptyIncomeForm,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [keys] = useState(() => new RequestKeys());

  const onSuccess = async (entry: IncomeEntry) => {
    const saved = { symbol: entry.symbol, total: formatCurrency(entry.total) };
    notify.success(target.mode === "edit" ? m.income_updated(saved) : m.income_added(saved));
    onClose();
    await queryClient.invalidateQueries(trpc.income.list.pathFilter());
  };
  const onError = (error: unknown) => setFailure(errorMessage(error, m.income_save_failed()));
  const create = useMutation(trpc.income.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.income.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  // Each field's problem shows from a submit until that field is edited.
  const form = useForm({
    defaultValues,
    validators: { onSubmit: ({ value }) => problemsByField(incomeFormProblems(value)) },
    onSubmitInvalid: () => setFailure(null),
    onSubmit: ({ value }) => {
      if (pending) return;
      setFailure(null);
      const input = incomeInput(value);
      if (target.mode === "edit") {
        const request = { ...input, id: target.entry.id };
        update.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
      } else {
        const request = accounts && accountId !== undefined ? { ...input, accountId } : input;
        create.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
      }
    },
  });

  const values = useSelector(form.store, (state) => state.values);
  const today = localDateInput();
  const product = computedTotal(values);
  const field = (
    name: IncomeFormField,
    render: (bound: ReturnType<typeof textInput>) => ReactNode,
  ) => <form.Field name={name}>{(api) => render(textInput(api))}</form.Field>;
  return (
    <form onSubmit={submitTo(form)} noValidate className="space-y-4">
      {accounts && (
        <SelectField
          label={m.income_field_account()}
          value={accountId === undefined ? "" : String(accountId)}
          options={accounts.map(accountChoice)}
          onChange={(value) => setAccountId(Number(value))}
        />
      )}
      {field("symbol", (bound) => (
        <Field
          label={m.income_field_symbol()}
          {...bound}
          autoCapitalize="characters"
          autoComplete="off"
        />
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {field("exDate", (bound) => (
          <Field
            label={m.income_field_ex_date()}
            type="date"
            min={EARLIEST_DATE}
            max={today}
            {...bound}
          />
        ))}
        {field("payDate", (bound) => (
          <Field
            label={m.income_field_pay_date()}
            type="date"
            min={EARLIEST_DATE}
            max={today}
            {...bound}
          />
        ))}
        {field("quantity", (bound) => (
          <Field label={m.income_field_quantity()} inputMode="decimal" {...bound} />
        ))}
        {field("amountPerShare", (bound) => (
          <Field label={m.income_field_per_share()} inputMode="decimal" {...bound} />
        ))}
      </div>
      {field("total", (bound) => (
        <Field
          label={m.income_field_total()}
          inputMode="decimal"
          {...bound}
          placeholder={product ? formatCurrency(product) : undefined}
          hint={
            product
              ? m.income_total_hint_amount({ amount: formatCurrency(product) })
              : m.income_total_hint()
          }
        />
      ))}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {m.income_cancel()}
        </Button>
        <Button type="submit" busy={pending}>
          {target.mode === "edit" ? m.income_save_changes() : m.income_add()}
        </Button>
      </div>
    </form>
  );
}
