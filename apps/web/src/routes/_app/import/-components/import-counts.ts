import { m } from "@ledgerline/messages";
import type { ImportPreview } from "@ledgerline/contracts";

type CountText = (inputs: { count: string }) => string;

/** A count with its noun, one or many: '1 trade', '6 trades'. */
export const counted = (count: number, one: CountText, many: CountText) =>
  (count === 1 ? one : many)({ count: String(count) });

/** "Import 6 trades, 2 dividends and 2 cash activities": what the button writes (no "0 trades"). */
export function importLabel(summary: ImportPreview["summary"]): string {
  const parts: string[] = [];
  if (summary.trades > 0 || summary.income + summary.cash === 0) {
    parts.push(counted(summary.trades, m.import_trade_one, m.import_trade_many));
  }
  if (summary.income > 0)
    parts.push(counted(summary.income, m.import_dividend_one, m.import_dividend_many));
  if (summary.cash > 0) parts.push(counted(summary.cash, m.import_cash_one, m.import_cash_many));
  const last = parts.pop()!;
  return m.import_button({
    items: parts.length > 0 ? m.import_list({ first: parts.join(", "), last }) : last,
  });
}
