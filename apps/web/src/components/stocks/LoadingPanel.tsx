import { Spinner } from "../ui/Spinner";

/** The spec's loading panels ('Loading Stocks', 'Loading Market Movers'), sized like content. */
export function LoadingPanel({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-40 items-center justify-center gap-3 rounded-xl border border-dashed border-border bg-surface text-muted"
    >
      <span className="text-primary">
        <Spinner size="md" label="" />
      </span>
      <span className="font-medium">{label}</span>
    </div>
  );
}
