import type { RealizedReport } from "@ledgerline/contracts";
import { taxMessages } from "@ledgerline/contracts/browser";
import { accountTypeLabels } from "../../../../components/accounts/accounts";

/**
 * What the report leaves out and why: tax-advantaged accounts (named, when there are any) and
 * crypto's exemption from the wash-sale rule.
 */
export function TaxNotes({ report }: { report: RealizedReport }) {
  const excluded = report.excludedAccounts;
  return (
    <ul
      aria-label="About this report"
      className="list-disc space-y-1 rounded-xl border border-border bg-surface-muted py-3 pr-4 pl-8 text-sm text-muted"
    >
      <li>
        {taxMessages.taxAdvantagedNote}{" "}
        {excluded.length === 0
          ? "You keep none."
          : `Left out: ${excluded
              .map((account) => `${account.name} (${accountTypeLabels[account.type]})`)
              .join(", ")}.`}
      </li>
      <li>{taxMessages.cryptoNote}</li>
    </ul>
  );
}
