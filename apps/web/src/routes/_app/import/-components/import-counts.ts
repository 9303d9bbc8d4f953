import type { ImportPreview } from "@ledgerline/contracts";

export const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

/** "Import 6 trades, 2 dividends and 2 cash activities": what the button writes (no "0 trades"). */
export function importLabel(summary: ImportPreview["summary"]): string {
  const parts: string[] = [];
  if (summary.trades > 0 || summary.income + summary.cash === 0) {
    parts.push(counted(summary.trades, "trade", "trades"));
  }
  if (summary.income > 0) parts.push(counted(summary.income, "dividend", "dividends"));
  if (summary.cash > 0) parts.push(counted(summary.cash, "cash activity", "cash activities"));
  const last = parts.pop()!;
  return `Import ${parts.length > 0 ? `${parts.join(", ")} and ${last}` : last}`;
}
