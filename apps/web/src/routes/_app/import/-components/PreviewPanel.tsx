import { m } from "@ledgerline/messages";
import type { ImportPreview, InvestmentAccount } from "@ledgerline/contracts";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Card } from "../../../../components/ui/Card";
import { CashSummary } from "./CashSummary";
import { importLabel } from "./import-counts";
import { PreviewTable } from "./PreviewTable";
import { UntrackedCashWarning } from "./UntrackedCashWarning";

/** How many rows of each outcome the preview found. */
function SummaryCounts({ summary }: { summary: ImportPreview["summary"] }) {
  const counts: [string, number][] = [
    [m.import_count_trades(), summary.trades],
    [m.import_count_income(), summary.income],
    [m.import_count_splits(), summary.splits],
    [m.import_count_cash(), summary.cash],
    [m.import_count_duplicates(), summary.duplicates],
    [m.import_count_skipped(), summary.skipped],
    [m.import_count_errors(), summary.errors],
  ];
  return (
    <dl
      className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-7"
      aria-label={m.import_summary()}
    >
      {counts.map(([label, count]) => (
        <div key={label} className="rounded-md border border-border p-3 text-center">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="text-xl font-semibold">{count}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PreviewPanel({
  preview,
  account,
  importing,
  onImport,
  error,
}: {
  preview: ImportPreview;
  account: InvestmentAccount | undefined;
  importing: boolean;
  onImport: () => void;
  error: string | null;
}) {
  const { summary } = preview;
  return (
    <Card className="space-y-4 p-6">
      <h2 className="text-lg font-semibold">{m.import_preview()}</h2>
      <SummaryCounts summary={summary} />
      {summary.errors > 0 && <Alert tone="warning">{m.import_errors_left_out()}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          onClick={onImport}
          busy={importing}
          disabled={summary.trades + summary.income + summary.cash === 0}
        >
          {importLabel(summary)}
        </Button>
        {summary.splits > 0 && (
          <span className="text-sm text-muted">{m.import_splits_applied()}</span>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <UntrackedCashWarning account={account} cashRows={preview.summary.cash} />
      <CashSummary cash={preview.cash} />
      <PreviewTable rows={preview.rows} />
    </Card>
  );
}
