import type { MethodPreview } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Alert } from "../../../../components/ui/Alert";
import { Button } from "../../../../components/ui/Button";
import { Spinner } from "../../../../components/ui/Spinner";
import { errorMessage, trpc } from "../../../../lib/trpc";
import {
  costBasisMethodExplained,
  costBasisMethodNames,
} from "../../../../components/accounts/cost-basis-methods";
import { methodSwitchHeadings, methodSwitchRows, type MethodSwitchRow } from "./method-switch";
import { ColumnHeads } from "../../../../components/ui/ColumnHeads";

/**
 * The account dialog's second step when its cost-basis method changed (issue 32): the realized
 * gain by tax year now and under the new method, and what a switch changes, before anything is
 * saved. Confirm saves; Back returns to the form; Cancel closes with nothing saved.
 */
export function MethodSwitchStep({
  accountId,
  accountName,
  switchTo,
  busy,
  failure,
  onConfirm,
  onBack,
  onCancel,
}: {
  accountId: number;
  accountName: string;
  switchTo: MethodPreview["to"];
  busy: boolean;
  failure: string | null;
  onConfirm: () => void;
  onBack: () => void;
  onCancel: () => void;
}) {
  const preview = useQuery(trpc.tax.methodPreview.queryOptions({ accountId, method: switchTo }));
  const heading = useRef<HTMLHeadingElement>(null);
  // The form this step replaced had focus: the step's heading takes it, so a screen reader reads on.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-1 flex-col gap-4 text-sm">
      <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        {m.accounts_switch_heading({ method: costBasisMethodNames[switchTo] })}
      </h3>
      <p className="text-muted">{costBasisMethodExplained[switchTo]}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>{m.accounts_switch_recomputed({ name: accountName })}</li>
        <li>{m.accounts_switch_past_years()}</li>
        <li>{m.accounts_switch_trades_stay()}</li>
      </ul>
      {preview.isPending ? (
        <Spinner size="sm" label={m.accounts_switch_working()} />
      ) : preview.isError ? (
        <Alert tone="error">{errorMessage(preview.error, m.accounts_switch_failed())}</Alert>
      ) : (
        <PreviewTable preview={preview.data} />
      )}
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="mt-auto flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          {m.accounts_back()}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {m.accounts_cancel()}
        </Button>
        <Button busy={busy} disabled={!preview.data} onClick={onConfirm}>
          {m.accounts_switch_method()}
        </Button>
      </div>
    </div>
  );
}

function PreviewTable({ preview }: { preview: MethodPreview }) {
  if (preview.years.length === 0) {
    return (
      <p className="rounded-md border border-border px-3 py-2">{m.accounts_switch_no_sales()}</p>
    );
  }
  const { years, total } = methodSwitchRows(preview);
  const headings = methodSwitchHeadings(preview.from, preview.to);
  return (
    <div>
      <table className="w-full text-left text-xs">
        <caption className="pb-1 text-left text-sm font-medium">
          {m.accounts_switch_caption()}
        </caption>
        <ColumnHeads
          className="text-muted"
          rowClassName=""
          gap="pr-2"
          columns={[
            m.accounts_switch_col_year(),
            ...[headings.before, headings.after, m.accounts_switch_col_difference()].map(
              (label) => ({
                label,
                numeric: true,
              }),
            ),
          ]}
        />
        <tbody className="divide-y divide-border">
          {years.map((row) => (
            <PreviewRow key={row.label} row={row} />
          ))}
        </tbody>
        {total && (
          <tfoot className="border-t-2 border-border font-semibold">
            <PreviewRow row={total} />
          </tfoot>
        )}
      </table>
      <p className="mt-2 text-xs text-muted">{m.accounts_switch_note()}</p>
    </div>
  );
}

function PreviewRow({ row }: { row: MethodSwitchRow }) {
  return (
    <tr>
      <th scope="row" className="py-1.5 pr-2 text-left font-medium">
        {row.label}
      </th>
      <td className="num py-1.5 pr-2 text-right">{row.before}</td>
      <td className="num py-1.5 pr-2 text-right">{row.after}</td>
      <td className="num py-1.5 text-right">{row.change}</td>
    </tr>
  );
}
