import { m } from "@ledgerline/messages";
import type { FailedJob, JobCounts, QueueName } from "@ledgerline/contracts";
import { createColumnHelper } from "@tanstack/react-table";
import { Button } from "../../../../components/ui/Button";
import { Moment } from "./Moment";
import { formatNumber } from "../../../../lib/format";

/** Each queue as an admin reads it: what its jobs are for. */
export const queueLabels: Record<QueueName, () => string> = {
  snapshots: m.admin_queue_snapshots,
  "corporate-actions": m.admin_queue_corporate_actions,
  alerts: m.admin_queue_alerts,
  mail: m.admin_queue_mail,
  import: m.admin_queue_import,
};

/** A queue's failed-jobs table, named for a screen reader. */
export const failedJobsCaptions: Record<QueueName, () => string> = {
  snapshots: m.admin_failed_snapshots,
  "corporate-actions": m.admin_failed_corporate_actions,
  alerts: m.admin_failed_alerts,
  mail: m.admin_failed_mail,
  import: m.admin_failed_import,
};

const count = createColumnHelper<JobCounts>();
const counted = (key: Exclude<keyof JobCounts, "queue">, header: string) =>
  count.accessor(key, {
    header,
    meta: { numeric: true },
    cell: (info) => formatNumber(info.getValue()),
  });

/** The queues table: one row per queue, its jobs per state. */
export const queueColumns = [
  count.accessor("queue", {
    header: m.admin_queue(),
    cell: (info) => <span className="font-medium">{queueLabels[info.getValue()]()}</span>,
  }),
  counted("waiting", m.admin_state_waiting()),
  counted("active", m.admin_state_running()),
  counted("delayed", m.admin_state_delayed()),
  counted("completed", m.admin_state_completed()),
  counted("failed", m.admin_state_failed()),
];

const failed = createColumnHelper<FailedJob>();

/** A queue's failed jobs: when, what for, why, after how many tries, and what to do with it. */
export function failedJobColumns(
  onRetry: (job: FailedJob) => void,
  onRemove: (job: FailedJob) => void,
  busy: boolean,
) {
  return [
    failed.accessor("failedAt", {
      header: m.admin_col_failed_at(),
      cell: (info) => <Moment iso={info.getValue()} />,
    }),
    failed.accessor("label", {
      header: m.admin_col_job(),
      cell: (info) => (
        <span className="block max-w-72 [overflow-wrap:anywhere]">{info.getValue()}</span>
      ),
    }),
    failed.accessor("error", {
      header: m.admin_col_error(),
      cell: (info) => (
        <span className="block max-w-80 text-loss [overflow-wrap:anywhere]">{info.getValue()}</span>
      ),
    }),
    failed.accessor("attempts", { header: m.admin_col_tries(), meta: { numeric: true } }),
    failed.display({
      id: "actions",
      header: m.admin_col_actions(),
      meta: { pinned: true },
      cell: ({ row }) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => onRetry(row.original)}
            aria-label={m.admin_retry_job({ label: row.original.label })}
          >
            {m.ui_retry()}
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => onRemove(row.original)}
            aria-label={m.admin_remove_job({ label: row.original.label })}
          >
            {m.admin_remove()}
          </Button>
        </div>
      ),
    }),
  ];
}
