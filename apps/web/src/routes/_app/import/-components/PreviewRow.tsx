import { m } from "@ledgerline/messages";
import { cashActivityNames } from "../../../../components/accounts/cash-activity-names";
import type { ImportPreviewRow } from "@ledgerline/contracts";
import { Badge } from "../../../../components/ui/Badge";
import {
  formatCalendarDate,
  formatCurrency,
  formatDateTime,
  formatPrice,
  formatQuantity,
} from "../../../../lib/format";

const outcomeTones = {
  trade: "gain",
  income: "info",
  split: "info",
  cash: "info",
  duplicate: "neutral",
  skipped: "warn",
  error: "loss",
} as const;

const outcomeNames: Record<ImportPreviewRow["outcome"], string> = {
  trade: m.import_outcome_trade(),
  income: m.import_outcome_income(),
  split: m.import_outcome_split(),
  cash: m.import_outcome_cash(),
  duplicate: m.import_outcome_duplicate(),
  skipped: m.import_outcome_skipped(),
  error: m.import_outcome_error(),
};

const typeNames: Record<NonNullable<ImportPreviewRow["transactionType"]>, string> = {
  BUY: m.import_type_buy(),
  SELL: m.import_type_sell(),
  DIVIDEND: m.import_type_dividend(),
  SPLIT: m.import_type_split(),
};

export function PreviewRow({ row }: { row: ImportPreviewRow }) {
  return (
    <tr className="border-b border-border">
      <td className="px-2 py-1 tabular-nums">{row.row}</td>
      <td className="px-2 py-1">
        <Badge tone={outcomeTones[row.outcome]}>{outcomeNames[row.outcome]}</Badge>
      </td>
      <td className="px-2 py-1">
        {row.cashType
          ? cashActivityNames[row.cashType]
          : row.transactionType
            ? typeNames[row.transactionType]
            : ""}
      </td>
      <td className="px-2 py-1">{row.symbol ?? ""}</td>
      <td className="px-2 py-1 text-right tabular-nums">
        {row.quantity ? formatQuantity(row.quantity) : ""}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        {/* A dividend's amount per share is money ($0.83); a price keeps its digits ($0.6712). */}
        {row.price
          ? row.transactionType === "DIVIDEND"
            ? formatCurrency(row.price)
            : formatPrice(row.price)
          : ""}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">
        {row.amount ? formatCurrency(row.amount) : ""}
      </td>
      <td className="px-2 py-1 whitespace-nowrap">
        {/* A date the file gave without a time is that day, not midnight UTC in the reader's zone. */}
        {row.date
          ? row.dateOnly
            ? formatCalendarDate(row.date.slice(0, 10))
            : formatDateTime(row.date)
          : ""}
      </td>
      {/* Wide enough to read on a phone: the table scrolls sideways rather than squeeze it. */}
      <td className="min-w-80 px-2 py-1">{row.message ?? ""}</td>
    </tr>
  );
}
