import type { IncomeAnswer, IncomeEntry } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { Button } from "../../../../components/ui/Button";
import { IncomeEntries, YearTotals } from "./IncomeEntries";

/** The dividends recorded: totals per year and the entries, or what to do while there are none. */
export function IncomeHistory({
  income,
  accountId,
  accountNames,
  onAdd,
  onEdit,
  onDelete,
}: {
  income: IncomeAnswer;
  /** The account filtered on; none for all of them. */
  accountId: number | undefined;
  accountNames: ReadonlyMap<number, string> | undefined;
  onAdd: () => void;
  onEdit: (entry: IncomeEntry) => void;
  onDelete: (entry: IncomeEntry) => void;
}) {
  if (income.entries.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border bg-surface px-6 py-10 text-center">
        <p className="text-muted">
          {accountId === undefined ? m.income_none() : m.income_none_account()}{" "}
          {m.income_none_explain()}
        </p>
        <Button variant="secondary" className="mt-4" onClick={onAdd}>
          {m.income_add_by_hand()}
        </Button>
      </div>
    );
  }
  return (
    <>
      <section aria-labelledby="income-years" className="space-y-3">
        <h2 id="income-years" className="text-xl font-semibold">
          {m.income_years_heading()}
        </h2>
        <YearTotals income={income} />
      </section>
      <section aria-labelledby="income-entries" className="space-y-3">
        <h2 id="income-entries" className="text-xl font-semibold">
          {m.income_dividends_heading()}
        </h2>
        <IncomeEntries
          entries={income.entries}
          accountNames={accountId === undefined ? accountNames : undefined}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      </section>
    </>
  );
}
