import { m } from "@ledgerline/messages";
import type { ImportPreviewRow } from "@ledgerline/contracts";
import { PreviewRow } from "./PreviewRow";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";
import { ScrollRegion } from "../../../../components/ui/ScrollRegion";
import { formatNumber } from "../../../../lib/format";

const previewHeadings = [
  { label: m.import_col_row() },
  { label: m.import_col_outcome() },
  { label: m.import_col_type() },
  { label: m.import_col_symbol_short() },
  { label: m.import_col_quantity_short(), numeric: true },
  { label: m.import_col_price_short(), numeric: true },
  { label: m.import_col_amount_short(), numeric: true },
  { label: m.import_col_date_short() },
  { label: m.import_col_reason() },
];

/** What each row of the file becomes: the first 1,000 rows, scrolling sideways on a phone. */
export function PreviewTable({ rows }: { rows: readonly ImportPreviewRow[] }) {
  return (
    <ScrollRegion label={m.import_rows_region()}>
      <table className="w-full text-sm">
        <caption className="sr-only">{m.import_rows_caption()}</caption>
        <ColumnHeads
          rowClassName="border-b border-border text-left"
          cell="px-2 py-2 font-semibold"
          gap=""
          columns={previewHeadings.map(({ label, numeric }) => ({ label, numeric: !!numeric }))}
        />
        <tbody>
          {rows.slice(0, 1000).map((row) => (
            <PreviewRow key={row.row} row={row} />
          ))}
        </tbody>
      </table>
      {rows.length > 1000 && (
        <p className="mt-2 text-sm text-muted">
          {m.import_rows_shown({ shown: formatNumber(1000), total: formatNumber(rows.length) })}
        </p>
      )}
    </ScrollRegion>
  );
}
