import type { IncomeAnswer, IncomeEntry } from "@ledgerline/contracts";
import { Pencil, Trash2 } from "lucide-react";
import { StockSymbolLink } from "../../../../components/assets/SymbolLink";
import { Badge } from "../../../../components/ui/Badge";
import { Button } from "../../../../components/ui/Button";
import { formatCalendarDate, formatCurrency, formatQuantity } from "../../../../lib/format";

export interface EntryActions {
  onEdit: (entry: IncomeEntry) => void;
  onDelete: (entry: IncomeEntry) => void;
}

/** How an entry is named to a screen reader's button list and in the delete confirmation. */
export function describeEntry(entry: IncomeEntry): string {
  return `${entry.symbol} dividend paid ${formatCalendarDate(entry.payDate)}`;
}

function EditedBadge({ entry }: { entry: IncomeEntry }) {
  return entry.manual ? <Badge>By hand</Badge> : null;
}

function EntryButtons({ entry, onEdit, onDelete }: EntryActions & { entry: IncomeEntry }) {
  return (
    <div className="flex justify-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Edit ${describeEntry(entry)}`}
        onClick={() => onEdit(entry)}
      >
        <Pencil aria-hidden="true" className="h-4 w-4" />
        Edit
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Delete ${describeEntry(entry)}`}
        onClick={() => onDelete(entry)}
      >
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete
      </Button>
    </div>
  );
}

const headings = ["Symbol", "Ex-date", "Pay date", "Quantity held", "Per share", "Total"];

/** The entries as a table from a tablet up, as one card each on a phone. */
export function IncomeEntries({ entries, ...actions }: { entries: IncomeEntry[] } & EntryActions) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-border bg-surface sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Your dividend income, newest first</caption>
          <thead className="border-b border-border text-muted">
            <tr>
              {headings.map((heading, index) => (
                <th
                  key={heading}
                  scope="col"
                  className={`px-4 py-3 font-medium ${index >= 3 ? "text-right" : ""}`}
                >
                  {heading}
                </th>
              ))}
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr
                key={entry.id}
                data-income-id={entry.id}
                className="border-b border-border last:border-0"
              >
                <td className="px-4 py-3">
                  <span className="flex items-center gap-2">
                    <StockSymbolLink symbol={entry.symbol} />
                    <EditedBadge entry={entry} />
                  </span>
                </td>
                <td className="num px-4 py-3 whitespace-nowrap">
                  {formatCalendarDate(entry.exDate)}
                </td>
                <td className="num px-4 py-3 whitespace-nowrap">
                  {formatCalendarDate(entry.payDate)}
                </td>
                <td className="num px-4 py-3 text-right">{formatQuantity(entry.quantity)}</td>
                <td className="num px-4 py-3 text-right">{formatCurrency(entry.amountPerShare)}</td>
                <td className="num px-4 py-3 text-right font-semibold">
                  {formatCurrency(entry.total)}
                </td>
                <td className="px-2 py-2">
                  <EntryButtons entry={entry} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul
        aria-label="Your dividend income, newest first"
        className="divide-y divide-border rounded-xl border border-border bg-surface text-sm sm:hidden"
      >
        {entries.map((entry) => (
          <li key={entry.id} data-income-id={entry.id} className="px-4 py-3">
            <div className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2">
                <StockSymbolLink symbol={entry.symbol} />
                <EditedBadge entry={entry} />
              </span>
              <span className="num font-semibold">{formatCurrency(entry.total)}</span>
            </div>
            <p className="num mt-1 flex flex-wrap justify-between gap-x-3 gap-y-1 text-xs text-muted">
              <span>
                Ex {formatCalendarDate(entry.exDate)} · Paid {formatCalendarDate(entry.payDate)}
              </span>
              <span>
                {formatQuantity(entry.quantity)} × {formatCurrency(entry.amountPerShare)}
              </span>
            </p>
            <div className="mt-2">
              <EntryButtons entry={entry} {...actions} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Totals per calendar year of the pay date, newest first, and over all years. */
export function YearTotals({ income }: { income: IncomeAnswer }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {income.years.map(({ year, total }) => (
        <div key={year} className="rounded-xl border border-border bg-surface p-4">
          <dt className="text-sm text-muted">{year}</dt>
          <dd className="num mt-1 text-xl font-semibold">{formatCurrency(total)}</dd>
        </div>
      ))}
      <div className="rounded-xl border border-border bg-surface-muted p-4">
        <dt className="text-sm text-muted">All years</dt>
        <dd className="num mt-1 text-xl font-semibold">{formatCurrency(income.total)}</dd>
      </div>
    </dl>
  );
}
