import type { MethodPreview } from "@ledgerline/contracts";
import { costBasisMethodShortLabels, type CostBasisMethod } from "@ledgerline/contracts/browser";
import { compare } from "@ledgerline/money";
import { formatSignedCurrency } from "../../../../lib/format";

/** One line of the method switch's table, as shown: a tax year's (or all years') realized gain. */
export interface MethodSwitchRow {
  label: string;
  before: string;
  after: string;
  change: string;
}

/** A difference in realized gain: signed, or 'No change' when the methods agree exactly. */
export function gainChangeText(change: string): string {
  return compare(change, "0") === 0 ? "No change" : formatSignedCurrency(change);
}

/** The preview's years, oldest first, then the total over every year (left out for one year). */
export function methodSwitchRows(preview: MethodPreview): {
  years: MethodSwitchRow[];
  total: MethodSwitchRow | null;
} {
  const row = (label: string, figures: MethodPreview["total"]): MethodSwitchRow => ({
    label,
    before: formatSignedCurrency(figures.before),
    after: formatSignedCurrency(figures.after),
    change: gainChangeText(figures.change),
  });
  return {
    years: preview.years.map((year) => row(String(year.year), year)),
    total: preview.years.length > 1 ? row("All years", preview.total) : null,
  };
}

/** The table's column headings: which method each figure is under. */
export function methodSwitchHeadings(from: CostBasisMethod, to: CostBasisMethod) {
  return {
    before: `Now (${costBasisMethodShortLabels[from]})`,
    after: `With ${costBasisMethodShortLabels[to]}`,
  };
}

/** The toast once the switch is saved: what changed, in one sentence. */
export function methodSwitchedText(accountName: string, preview: MethodPreview): string {
  const now = `${accountName} now uses ${costBasisMethodShortLabels[preview.to]}`;
  if (preview.years.length === 0)
    return `${now}. It has no sales yet, so no realized gain changed.`;
  if (compare(preview.total.change, "0") === 0) {
    return `${now}. Realized gain recomputed from the first sale: no change.`;
  }
  const years = preview.years.filter((year) => compare(year.change, "0") !== 0);
  const where = years.length === 1 ? ` (${years[0]!.year})` : "";
  return `${now}. Realized gain recomputed from the first sale: ${formatSignedCurrency(preview.total.change)}${where}.`;
}
