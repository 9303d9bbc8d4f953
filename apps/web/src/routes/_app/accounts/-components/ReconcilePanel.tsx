import type { InvestmentAccount, Reconciliation } from "@ledgerline/contracts";
import { EARLIEST_DATE } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Card } from "../../../../components/ui/Card";
import { Field } from "../../../../components/ui/Field";
import { localDateInput } from "../../../../lib/datetime-local";
import { formatCalendarDate, formatCurrency, formatQuantity } from "../../../../lib/format";
import { errorMessage, trpc } from "../../../../lib/trpc";
import { StatementRows } from "./StatementRows";
import { reconcileText as text } from "./screen-texts";
import {
  emptyStatement,
  reconcileRequest,
  statementProblems,
  type StatementProblems,
  type StatementValues,
} from "./statement-form";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";

/** The statement's date and cash balance. */
function StatementDateAndCash({
  values,
  problems,
  onChange,
}: {
  values: StatementValues;
  problems: StatementProblems;
  onChange: (fields: Partial<StatementValues>) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label={text.dateLabel}
        type="date"
        min={EARLIEST_DATE}
        max={localDateInput()}
        value={values.asOf}
        error={problems.asOf}
        onChange={(event) => onChange({ asOf: event.target.value })}
      />
      <Field
        label={text.cashLabel}
        inputMode="decimal"
        autoComplete="off"
        value={values.cash}
        error={problems.cash}
        onChange={(event) => onChange({ cash: event.target.value })}
      />
    </div>
  );
}

/**
 * An account against its brokerage statement: the statement's date, cash and holdings in,
 * 'Matches the statement' or each difference out (POST /api/accounts/{id}/reconcile).
 */
export function ReconcilePanel({
  account,
  onClose,
}: {
  account: InvestmentAccount;
  onClose: () => void;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<StatementValues>(() => emptyStatement());
  const [problems, setProblems] = useState<StatementProblems>({});
  const [compared, setCompared] = useState<{ asOf: string; answer: Reconciliation } | null>(null);
  const reconcile = useMutation(trpc.investmentAccounts.reconcile.mutationOptions());
  // Opened from a row of the table: bring it into view and say where the reader is.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start" });
    heading.current?.focus();
  }, [account.id]);

  const change = (fields: Partial<StatementValues>) => {
    setValues((current) => ({ ...current, ...fields }));
    setCompared(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = statementProblems(values);
    setProblems(found);
    if (Object.keys(found).length > 0 || reconcile.isPending) return;
    const asOf = values.asOf;
    reconcile.mutate(reconcileRequest(account.id, values), {
      onSuccess: (answer) => setCompared({ asOf, answer }),
    });
  };

  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <div>
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold [overflow-wrap:anywhere] focus:outline-none"
          >
            {text.title(account.name)}
          </h2>
          <p className="mt-1 text-sm text-muted">{text.description}</p>
        </div>
        <form onSubmit={submit} noValidate className="space-y-4">
          <StatementDateAndCash values={values} problems={problems} onChange={change} />
          <StatementRows
            rows={values.rows}
            problems={problems}
            onChange={(rows) => change({ rows })}
          />
          {reconcile.isError && (
            <Alert tone="error">{errorMessage(reconcile.error, text.failed)}</Alert>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {text.close}
            </Button>
            <Button type="submit" busy={reconcile.isPending}>
              {text.submit}
            </Button>
          </div>
        </form>
        <div aria-live="polite">
          {compared && <ReconcileAnswer asOf={compared.asOf} answer={compared.answer} />}
        </div>
      </section>
    </Card>
  );
}

function cashLine(difference: string) {
  const negative = difference.startsWith("-");
  const amount = formatCurrency(negative ? difference.slice(1) : difference);
  return negative ? text.cashShort(amount) : text.cashDifference(amount);
}

function ReconcileAnswer({ asOf, answer }: { asOf: string; answer: Reconciliation }) {
  if (answer.matches) {
    return (
      <Alert tone="success">
        <p className="font-semibold">{text.matches}</p>
        <p>{text.matchesDetail(formatCalendarDate(asOf))}</p>
      </Alert>
    );
  }
  const cashOff = answer.cashDifference !== null && answer.cashDifference !== "0";
  const count = answer.differences.length + (cashOff ? 1 : 0);
  return (
    <div className="space-y-3">
      <Alert tone="warning">
        <p className="font-semibold">{text.differencesTitle(count)}</p>
        {cashOff && <p>{cashLine(answer.cashDifference!)}</p>}
      </Alert>
      {answer.differences.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{text.differencesCaption}</caption>
            <ColumnHeads
              className="text-left text-muted"
              rowClassName=""
              cell="py-2 font-medium"
              columns={[
                m.accounts_reconcile_col_symbol(),
                { label: text.expected, numeric: true },
                { label: text.actual, numeric: true },
              ]}
            />
            <tbody className="divide-y divide-border">
              {answer.differences.map((row) => (
                <tr key={`${row.assetType}:${row.symbol}`}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {row.symbol}
                    <span className="ml-2 text-xs font-normal text-muted">
                      {row.assetType === "STOCK"
                        ? m.accounts_reconcile_stock()
                        : m.accounts_reconcile_crypto()}
                    </span>
                  </th>
                  <td className="num py-2 pr-3 text-right">{formatQuantity(row.expected)}</td>
                  <td className="num py-2 text-right">{formatQuantity(row.actual)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
