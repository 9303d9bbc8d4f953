import type { IncomeEntry } from "@ledgerline/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Field } from "../../../../components/ui/Field";
import { Modal } from "../../../../components/ui/Modal";
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
  type IncomeFormProblems,
  type IncomeFormValues,
} from "./income-form";

/** What the dialog is open for: a new entry, or an existing one to correct. */
export type IncomeDialogTarget = { mode: "add" } | { mode: "edit"; entry: IncomeEntry };

export function IncomeDialog({
  target,
  onClose,
}: {
  target: IncomeDialogTarget | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={target?.mode === "edit" ? `Edit ${target.entry.symbol} dividend` : "Add dividend"}
      description={
        target?.mode === "edit"
          ? "Correct the figures, for instance to what your broker paid after withholding tax."
          : "A dividend received that is not listed, as your broker reports it."
      }
    >
      {/* Mounted per opening, so each starts from the entry's figures with keys of its own. */}
      {target && (
        <IncomeForm
          key={target.mode === "edit" ? target.entry.id : "add"}
          target={target}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function IncomeForm({ target, onClose }: { target: IncomeDialogTarget; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<IncomeFormValues>(
    target.mode === "edit" ? incomeFormOf(target.entry) : emptyIncomeForm,
  );
  const [problems, setProblems] = useState<IncomeFormProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [keys] = useState(() => new RequestKeys());

  const onSuccess = async (entry: IncomeEntry) => {
    notify.success(
      `${target.mode === "edit" ? "Updated" : "Added"} ${entry.symbol} dividend of ${formatCurrency(entry.total)}`,
    );
    onClose();
    await queryClient.invalidateQueries(trpc.income.list.pathFilter());
  };
  const onError = (error: unknown) =>
    setFailure(errorMessage(error, "The dividend could not be saved"));
  const create = useMutation(trpc.income.create.mutationOptions({ onSuccess, onError }));
  const update = useMutation(trpc.income.update.mutationOptions({ onSuccess, onError }));
  const pending = create.isPending || update.isPending;

  /** An input's value, its edits (which clear its problem) and its problem. */
  const bind = (field: IncomeFormField) => ({
    value: values[field],
    error: problems[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const text = event.target.value;
      setValues((current) => ({ ...current, [field]: text }));
      setProblems((current) => ({ ...current, [field]: undefined }));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const found = incomeFormProblems(values);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const input = incomeInput(values);
    if (target.mode === "edit") {
      const request = { ...input, id: target.entry.id };
      update.mutate({ ...request, idempotencyKey: keys.keyFor(request) });
    } else {
      create.mutate({ ...input, idempotencyKey: keys.keyFor(input) });
    }
  }

  const product = computedTotal(values);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label="Symbol" {...bind("symbol")} autoCapitalize="characters" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Ex-date" type="date" {...bind("exDate")} />
        <Field label="Pay date" type="date" {...bind("payDate")} />
        <Field label="Quantity held" inputMode="decimal" {...bind("quantity")} />
        <Field label="Amount per share" inputMode="decimal" {...bind("amountPerShare")} />
      </div>
      <Field
        label="Total received"
        inputMode="decimal"
        {...bind("total")}
        placeholder={product}
        hint={
          product
            ? `Leave empty for ${formatCurrency(product)} (quantity × amount per share).`
            : "Leave empty for quantity × amount per share."
        }
      />
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" busy={pending}>
          {target.mode === "edit" ? "Save changes" : "Add dividend"}
        </Button>
      </div>
    </form>
  );
}
