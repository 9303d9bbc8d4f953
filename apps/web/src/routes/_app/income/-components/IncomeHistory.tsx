import type { IncomeAnswer, IncomeEntry } from "@ledgerline/contracts";
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
          {accountId === undefined
            ? "No dividend income yet."
            : "No dividend income in this account yet."}{" "}
          A dividend is recorded here on its pay date for the shares you held at its ex-date.
        </p>
        <Button variant="secondary" className="mt-4" onClick={onAdd}>
          Add a dividend by hand
        </Button>
      </div>
    );
  }
  return (
    <>
      <section aria-labelledby="income-years" className="space-y-3">
        <h2 id="income-years" className="text-xl font-semibold">
          Totals per year
        </h2>
        <YearTotals income={income} />
      </section>
      <section aria-labelledby="income-entries" className="space-y-3">
        <h2 id="income-entries" className="text-xl font-semibold">
          Dividends
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
