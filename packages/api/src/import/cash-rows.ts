import {
  cashActivityTypes,
  type CashActivityType,
  type ImportPreview,
} from "@ledgerline/contracts";
import type { CashActivityRecord, ImportedCash } from "@ledgerline/db";
import { add, type Decimal } from "@ledgerline/money";
import type { Turns } from "../platform/turns";
import type { Decision } from "./dividends";
import { importRowMessages } from "./import-messages";
import type { ParsedRow } from "./parse";

/**
 * A file's cash rows (deposits, withdrawals, interest, fees, tax; decision 0039) against the
 * account's recorded cash: as trades are, each recorded activity matches one row of the file
 * with the same type, day and amount, so re-importing a file adds no cash twice while a file
 * with two equal deposits on one day keeps both.
 */

const cashKey = (type: string, date: string, amount: Decimal) => `${type}|${date}|${amount}`;

export async function planCash(
  parsed: readonly ParsedRow[],
  recorded: readonly CashActivityRecord[],
  decided: Map<number, Decision>,
  turns: Turns,
): Promise<{ cash: ImportedCash[]; cashCheckedAfter: number | null }> {
  const unmatched = new Map<string, number>();
  let cashCheckedAfter: number | null = null;
  for (const activity of recorded) {
    cashCheckedAfter = Math.max(cashCheckedAfter ?? 0, activity.id);
    const key = cashKey(activity.kind, activity.date, activity.amount);
    unmatched.set(key, (unmatched.get(key) ?? 0) + 1);
  }
  const cash: ImportedCash[] = [];
  for (const [index, row] of parsed.entries()) {
    if (turns.due()) await turns.next();
    if (row.outcome !== "cash" || !row.cashType || !row.amount || !row.date) continue;
    const date = row.date.toISOString().slice(0, 10);
    const key = cashKey(row.cashType, date, row.amount);
    const matches = unmatched.get(key) ?? 0;
    if (matches > 0) {
      unmatched.set(key, matches - 1);
      decided.set(index, {
        outcome: "duplicate",
        message: importRowMessages.cashRecorded(row.cashType, date),
      });
      continue;
    }
    cash.push({ type: row.cashType, amount: row.amount, date, notes: row.notes ?? null });
  }
  return { cash, cashCheckedAfter };
}

/** The preview's cash: how many activities of each type, and their total. */
export function cashTotals(cash: readonly ImportedCash[]): ImportPreview["cash"] {
  const byType = new Map<CashActivityType, { count: number; total: Decimal }>();
  for (const activity of cash) {
    const sum = byType.get(activity.type) ?? { count: 0, total: "0" };
    byType.set(activity.type, { count: sum.count + 1, total: add(sum.total, activity.amount) });
  }
  return cashActivityTypes
    .filter((type) => byType.has(type))
    .map((type) => ({ type, ...byType.get(type)! }));
}
