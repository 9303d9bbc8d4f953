import type { ImportPreviewRow } from "@ledgerline/contracts";
import { PreviewRow } from "./PreviewRow";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";
import { ScrollRegion } from "../../../../components/ui/ScrollRegion";
import { formatNumber } from "../../../../lib/format";

const previewHeadings = [
  "Row",
  "Outcome",
  "Type",
  "Symbol",
  "Quantity",
  "Price",
  "Amount",
  "Date",
  "Reason",
] as const;
const numericHeadings = new Set<string>(["Quantity", "Price", "Amount"]);

/** What each row of the file becomes: the first 1,000 rows, scrolling sideways on a phone. */
export function PreviewTable({ rows }: { rows: readonly ImportPreviewRow[] }) {
  return (
    <ScrollRegion label="The file's rows">
      <table className="w-full text-sm">
        <caption className="sr-only">What each row of the file becomes</caption>
        <ColumnHeads
          rowClassName="border-b border-border text-left"
          cell="px-2 py-2 font-semibold"
          gap=""
          columns={previewHeadings.map((label) => ({ label, numeric: numericHeadings.has(label) }))}
        />
        <tbody>
          {rows.slice(0, 1000).map((row) => (
            <PreviewRow key={row.row} row={row} />
          ))}
        </tbody>
      </table>
      {rows.length > 1000 && (
        <p className="mt-2 text-sm text-muted">
          The first {formatNumber(1000)} of {formatNumber(rows.length)} rows are shown.
        </p>
      )}
    </ScrollRegion>
  );
}
