import { m } from "@ledgerline/messages";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../../components/ui/Button";
import { errorMessage } from "../../../../lib/errors";
import { notify } from "../../../../lib/notify";

/** Downloads the filtered transactions as CSV from `url`, saying what was saved or what failed. */
export function ExportCsvButton({ url }: { url: string }) {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      // Loaded on the click, as the Taxes page's Form 8949 download loads it.
      const { downloadCsv } = await import("../../../../lib/download-csv");
      const filename = await downloadCsv(url);
      notify.success(m.history_exported({ filename }));
    } catch (error) {
      notify.error(errorMessage(error, m.history_export_failed()));
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button variant="secondary" onClick={() => void exportCsv()} busy={exporting}>
      {!exporting && <Download aria-hidden="true" className="h-4 w-4" />}
      {m.history_export_csv()}
    </Button>
  );
}
