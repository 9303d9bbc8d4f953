import type { FailedJob, JobCounts, QueueName } from "@ledgerline/contracts";
import { createColumnHelper } from "@tanstack/react-table";
import { Button } from "../../../../components/ui/Button";
import { Moment } from "./Moment";
import { formatNumber } from "../../../../lib/format";

/** Each queue as an admin reads it: what its jobs are for. */
export const queueLabels: Record<QueueName, string> = {
  snapshots: "Value history",
  "corporate-actions": "Corporate actions",
  alerts: "Alerts",
  mail: "Mail",
  import: "Imports",
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
    header: "Queue",
    cell: (info) => <span className="font-medium">{queueLabels[info.getValue()]}</span>,
  }),
  counted("waiting", "Waiting"),
  counted("active", "Running"),
  counted("delayed", "Delayed"),
  counted("completed", "Completed"),
  counted("failed", "Failed"),
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
      header: "Failed",
      cell: (info) => <Moment iso={info.getValue()} />,
    }),
    failed.accessor("label", {
      header: "Job",
      cell: (info) => (
        <span className="block max-w-72 [overflow-wrap:anywhere]">{info.getValue()}</span>
      ),
    }),
    failed.accessor("error", {
      header: "Error",
      cell: (info) => (
        <span className="block max-w-80 text-loss [overflow-wrap:anywhere]">{info.getValue()}</span>
      ),
    }),
    failed.accessor("attempts", { header: "Tries", meta: { numeric: true } }),
    failed.display({
      id: "actions",
      header: "Actions",
      meta: { pinned: true },
      cell: ({ row }) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => onRetry(row.original)}
            aria-label={`Retry ${row.original.label}`}
          >
            Retry
          </Button>
          <Button
            size="sm"
            variant="danger"
            disabled={busy}
            onClick={() => onRemove(row.original)}
            aria-label={`Remove ${row.original.label}`}
          >
            Remove
          </Button>
        </div>
      ),
    }),
  ];
}
