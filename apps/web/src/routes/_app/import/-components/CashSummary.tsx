import { m } from "@ledgerline/messages";
import { cashActivityNames } from "../../../../components/accounts/cash-activity-names";
import type { ImportPreview } from "@ledgerline/contracts";
import { formatCurrency } from "../../../../lib/format";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";

/** The cash the import writes, apart from the trades: how many of each type, and their total. */
export function CashSummary({ cash }: { cash: ImportPreview["cash"] }) {
  if (cash.length === 0) return null;
  return (
    <section aria-labelledby="import-cash-heading" className="space-y-2">
      <h3 id="import-cash-heading" className="font-semibold">
        {m.import_cash_heading()}
      </h3>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">{m.import_cash_caption()}</caption>
        <ColumnHeads
          rowClassName="border-b border-border text-left"
          cell="px-2 py-1 font-semibold"
          gap=""
          columns={[
            m.import_col_type(),
            { label: m.import_col_rows(), numeric: true },
            { label: m.import_col_total(), numeric: true },
          ]}
        />
        <tbody>
          {cash.map((line) => (
            <tr key={line.type} className="border-b border-border">
              <th scope="row" className="px-2 py-1 text-left font-normal">
                {cashActivityNames[line.type]}
              </th>
              <td className="px-2 py-1 text-right tabular-nums">{line.count}</td>
              <td className="px-2 py-1 text-right tabular-nums">{formatCurrency(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
