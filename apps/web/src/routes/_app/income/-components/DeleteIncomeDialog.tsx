import type { IncomeEntry } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../../components/ui/ConfirmDialog";
import { formatCurrency } from "../../../../lib/format";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";
import { describeEntry } from "./IncomeEntries";

/** Deleting a dividend once the user confirms it, each attempt with the entry's key. */
export function DeleteIncomeDialog({
  entry,
  onClose,
}: {
  entry: IncomeEntry | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [deleteKeys] = useState(() => new RequestKeys());
  const remove = useMutation(
    trpc.income.delete.mutationOptions({
      onSuccess: async () => {
        if (entry) notify.success(m.income_deleted({ entry: describeEntry(entry) }));
        onClose();
        await queryClient.invalidateQueries(trpc.income.list.pathFilter());
      },
      onError: (failure) => {
        onClose();
        notify.error(errorMessage(failure, m.income_delete_failed()));
      },
    }),
  );
  return (
    <ConfirmDialog
      open={entry !== null}
      title={m.income_delete_title()}
      message={
        entry
          ? m.income_delete_confirm({
              entry: describeEntry(entry),
              total: formatCurrency(entry.total),
            })
          : ""
      }
      confirmLabel={m.income_delete()}
      tone="danger"
      busy={remove.isPending}
      onConfirm={() => {
        if (!entry || remove.isPending) return;
        const request = { id: entry.id };
        remove.mutate({ ...request, idempotencyKey: deleteKeys.keyFor(request) });
      }}
      onCancel={onClose}
    />
  );
}
