import type { CashActivity, InvestmentAccount } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { CashBalance } from "../../../../components/cash/CashBalance";
import { invalidateOwnData } from "../../../../components/assets/own-data";
import { cashQuery } from "../../../../components/cash/cash-queries";
import { isCredit, isHandEntered } from "../../../../components/cash/cash-form";
import { Skeleton } from "../../../../components/RouteStates";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Card } from "../../../../components/ui/Card";
import { ConfirmDialog } from "../../../../components/ui/ConfirmDialog";
import { EditDeleteButtons } from "../../../../components/ui/EditDeleteButtons";
import { formatCalendarDate, formatCurrency } from "../../../../lib/format";
import { RequestKeys } from "../../../../lib/idempotency-key";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";
import { CashActivityDialog, type CashDialogTarget } from "./CashActivityDialog";
import { cashActivityNames } from "../../../../components/accounts/cash-activity-names";
import { cashText as text } from "./screen-texts";

/** An activity's amount as it moved the balance: +$100.00 in, −$20.00 out. */
function SignedAmount({ activity }: { activity: CashActivity }) {
  const credit = isCredit(activity.type);
  return (
    <span className={`num font-semibold whitespace-nowrap ${credit ? "text-gain" : "text-loss"}`}>
      {credit ? "+" : "−"}
      {formatCurrency(activity.amount)}
    </span>
  );
}

function describe(activity: CashActivity) {
  return text.activity(
    activity.type,
    formatCurrency(activity.amount),
    formatCalendarDate(activity.date),
  );
}

/**
 * A cash-tracked account's cash: its balance (negative shown as negative), its activities with
 * date, type, amount and notes, each editable and deletable (after a confirmation), and the
 * 'Add cash activity' dialog. A transfer's side is deleted with its other side, never edited.
 */
export function AccountCash({ account }: { account: InvestmentAccount }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const activities = useQuery(cashQuery(account.id));
  const [dialog, setDialog] = useState<CashDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<CashActivity | null>(null);
  const [deleteKeys] = useState(() => new RequestKeys());
  const remove = useMutation(
    trpc.cash.delete.mutationOptions({
      onSuccess: async () => {
        if (deleting) notify.success(text.deleted(deleting.type, formatCurrency(deleting.amount)));
        setDeleting(null);
        await invalidateOwnData(queryClient);
      },
      onError: (failure) => {
        setDeleting(null);
        notify.error(errorMessage(failure, text.deleteFailed));
      },
    }),
  );

  const rows = activities.data ?? [];
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold [overflow-wrap:anywhere]">
              {text.sectionTitle(account.name)}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">{text.balanceLabel}:</span>
              <CashBalance value={account.cashBalance} className="text-base" />
            </p>
          </div>
          <Button
            variant="secondary"
            onClick={() => setDialog({ mode: "add", account })}
            aria-label={text.addActivityTo(account.name)}
          >
            <Plus aria-hidden="true" className="h-4 w-4" />
            {text.addActivity}
          </Button>
        </div>
        {activities.isError ? (
          <Alert tone="error">{errorMessage(activities.error, text.loadFailed)}</Alert>
        ) : activities.isPending ? (
          <Skeleton className="h-24" />
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
            {text.noActivity}
          </p>
        ) : (
          <ul aria-label={text.activitiesCaption(account.name)} className="divide-y divide-border">
            {rows.map((activity) => (
              <li
                key={activity.id}
                className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1 py-2 text-sm sm:grid-cols-[7rem_8rem_1fr_8rem_auto]"
              >
                <span className="num text-muted sm:order-none">
                  {formatCalendarDate(activity.date)}
                </span>
                <span className="order-first font-medium sm:order-none">
                  {cashActivityNames[activity.type]}
                </span>
                <span className="col-span-2 text-muted [overflow-wrap:anywhere] sm:col-span-1">
                  {activity.notes}
                </span>
                <span className="order-first text-right sm:order-none">
                  <SignedAmount activity={activity} />
                </span>
                <div className="col-span-2 sm:col-span-1">
                  <EditDeleteButtons
                    what={describe(activity)}
                    onEdit={
                      isHandEntered(activity)
                        ? () => setDialog({ mode: "edit", account, activity })
                        : undefined
                    }
                    onDelete={() => setDeleting(activity)}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <CashActivityDialog target={dialog} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={text.deleteTitle}
        message={
          deleting
            ? deleting.transferId === null
              ? text.deleteConfirm(
                  deleting.type,
                  formatCurrency(deleting.amount),
                  formatCalendarDate(deleting.date),
                )
              : text.deleteTransferConfirm(
                  formatCurrency(deleting.amount),
                  formatCalendarDate(deleting.date),
                )
            : ""
        }
        confirmLabel={m.accounts_delete()}
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting || remove.isPending) return;
          const request = { id: deleting.id };
          remove.mutate({ ...request, idempotencyKey: deleteKeys.keyFor(request) });
        }}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
