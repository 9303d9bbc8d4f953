import { m } from "@ledgerline/messages";
import type { FailedJob, QueueName } from "@ledgerline/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Skeleton } from "../../../../components/RouteStates";
import { ConfirmDialog } from "../../../../components/ui/ConfirmDialog";
import { ListedTable } from "../../../../components/ui/ListedTable";
import { notify } from "../../../../lib/notify";
import { errorMessage, trpc } from "../../../../lib/trpc";
import { failedJobColumns, failedJobsCaptions } from "./job-columns";
import { formatNumber } from "../../../../lib/format";

/** Counts move while jobs run: the page reads them again this often while it is open. */
export const JOBS_REFRESH_MS = 5_000;
const CARDS_BELOW = "48rem";

/** Forgetting a failed job, once the admin confirms: it will not run again. */
function RemoveJobDialog({
  job,
  busy,
  onCancel,
  onConfirm,
}: {
  job: FailedJob | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (job: FailedJob) => void;
}) {
  return (
    <ConfirmDialog
      open={job !== null}
      title={m.admin_remove_failed_job()}
      message={
        <>
          <p>{m.admin_jobs_confirm_remove()}</p>
          {job && <p className="mt-2 font-medium text-text">{job.label}</p>}
        </>
      }
      confirmLabel={m.admin_remove()}
      tone="danger"
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => job && onConfirm(job)}
    />
  );
}

/** One queue's failed jobs, newest first: each retried at once, or removed once confirmed. */
export function FailedJobs({ queue }: { queue: QueueName }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<FailedJob | null>(null);
  const failed = useQuery({
    ...trpc.jobs.failed.queryOptions({ queue }),
    refetchInterval: JOBS_REFRESH_MS,
  });
  const after = {
    onSuccess: (result: { message: string }) => notify.success(result.message),
    onError: (failure: unknown) =>
      notify.error(errorMessage(failure, m.admin_jobs_change_failed())),
    // Either way the lists are read again: a job another admin acted on is gone from them.
    onSettled: () => {
      setRemoving(null);
      return Promise.all([
        queryClient.invalidateQueries(trpc.jobs.failed.pathFilter()),
        queryClient.invalidateQueries(trpc.jobs.list.pathFilter()),
      ]);
    },
  };
  const retry = useMutation(trpc.jobs.retry.mutationOptions(after));
  const remove = useMutation(trpc.jobs.remove.mutationOptions(after));
  const busy = retry.isPending || remove.isPending;
  const { mutate: retryJob } = retry;
  const columns = useMemo(
    () => failedJobColumns((job) => retryJob({ queue: job.queue, id: job.id }), setRemoving, busy),
    [retryJob, busy],
  );

  if (failed.isPending) return <Skeleton className="h-40" />;
  if (failed.isError) {
    return (
      <p className="text-sm text-loss">{errorMessage(failed.error, m.admin_jobs_load_failed())}</p>
    );
  }
  const { jobs, total } = failed.data;
  return (
    <div className="space-y-2">
      {total > jobs.length && (
        <p className="text-sm text-muted">
          {m.admin_newest_failed({ shown: formatNumber(jobs.length), total: formatNumber(total) })}
        </p>
      )}
      <ListedTable
        rows={jobs}
        columns={columns}
        caption={failedJobsCaptions[queue]()}
        empty={m.admin_no_failed_jobs()}
        cardsBelow={CARDS_BELOW}
      />
      <RemoveJobDialog
        job={removing}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={(job) => remove.mutate({ queue: job.queue, id: job.id })}
      />
    </div>
  );
}
