import type { MethodPreview } from "@ledgerline/contracts";
import type { CostBasisMethod } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { compare } from "@ledgerline/money";
import { costBasisMethodShortNames } from "../../../../components/accounts/cost-basis-methods";
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
  return compare(change, "0") === 0 ? m.accounts_no_change() : formatSignedCurrency(change);
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
    total: preview.years.length > 1 ? row(m.accounts_all_years(), preview.total) : null,
  };
}

/** The table's column headings: which method each figure is under. */
export function methodSwitchHeadings(from: CostBasisMethod, to: CostBasisMethod) {
  return {
    before: m.accounts_switch_now({ method: costBasisMethodShortNames[from] }),
    after: m.accounts_switch_with({ method: costBasisMethodShortNames[to] }),
  };
}

/** The toast once the switch is saved: what changed, in one sentence. */
export function methodSwitchedText(accountName: string, preview: MethodPreview): string {
  const now = { name: accountName, method: costBasisMethodShortNames[preview.to] };
  if (preview.years.length === 0) return m.accounts_switched_no_sales(now);
  if (compare(preview.total.change, "0") === 0) return m.accounts_switched_no_change(now);
  const years = preview.years.filter((year) => compare(year.change, "0") !== 0);
  const change = formatSignedCurrency(preview.total.change);
  return years.length === 1
    ? m.accounts_switched_change_year({ ...now, change, year: String(years[0]!.year) })
    : m.accounts_switched_change({ ...now, change });
}
