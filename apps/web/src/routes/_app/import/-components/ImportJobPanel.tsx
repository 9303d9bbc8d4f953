import { m } from "@ledgerline/messages";
import type { ImportJobView } from "@ledgerline/contracts";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Card } from "../../../../components/ui/Card";
import { formatNumber } from "../../../../lib/format";
import type { ImportJobState } from "./useImportJob";

const rows = (count: number) => formatNumber(count);

/** A running import job: rows written of the total, and a way to stop it. */
export function ImportJobProgress({
  job,
  onCancel,
  cancelling,
}: {
  job: ImportJobView;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const writing = job.status === "writing" && job.total > 0;
  const text = writing
    ? m.import_progress_rows({ done: rows(job.done), total: rows(job.total) })
    : job.status === "queued"
      ? m.import_waiting()
      : m.import_checking();
  const percent = writing ? Math.round((job.done / job.total) * 100) : 0;
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">{m.import_importing()}</h2>
      <p className="text-sm text-muted">{m.import_leave_page()}</p>
      {/* Without aria-valuenow the bar is indeterminate: the rows to write are not known yet. */}
      <div
        role="progressbar"
        aria-label={m.import_progress()}
        aria-valuemin={0}
        aria-valuemax={writing ? job.total : undefined}
        aria-valuenow={writing ? job.done : undefined}
        aria-valuetext={text}
        className="h-3 w-full overflow-hidden rounded-full bg-border"
      >
        <div
          className={`h-full rounded-full bg-primary transition-[width] ${writing ? "" : "animate-pulse"}`}
          style={{ width: writing ? `${percent}%` : "100%" }}
        />
      </div>
      <p className="font-medium tabular-nums" aria-live="polite">
        {text}
      </p>
      <Button variant="secondary" onClick={onCancel} busy={cancelling}>
        {m.import_cancel()}
      </Button>
    </Card>
  );
}

/**
 * The running job with its cancel. A queued one (another import ahead of it) can be cancelled
 * too: the server ends it at once, so the button is busy only while the cancel is asked.
 */
export function ImportJobUnderWay({ state }: { state: ImportJobState }) {
  if (!state.job || !state.running) return null;
  return (
    <ImportJobProgress
      job={state.job}
      onCancel={state.cancel}
      cancelling={state.cancelling.isPending}
    />
  );
}

/** An import job that ended without a summary: cancelled or failed. */
export function ImportJobEnded({ job }: { job: ImportJobView }) {
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">
        {job.status === "cancelled" ? m.import_cancelled() : m.import_failed_title()}
      </h2>
      <Alert tone={job.status === "cancelled" ? "info" : "error"}>
        {job.status === "cancelled"
          ? m.import_cancelled_text()
          : (job.error ?? m.import_failed_text())}
      </Alert>
    </Card>
  );
}
