import type { RealizedReport } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { accountTypeLabels } from "../../../../components/accounts/accounts";

/**
 * What the report leaves out and why: tax-advantaged accounts (named, when there are any) and
 * crypto's exemption from the wash-sale rule.
 */
export function TaxNotes({ report }: { report: RealizedReport }) {
  const excluded = report.excludedAccounts;
  return (
    <ul
      aria-label={m.taxes_about()}
      className="list-disc space-y-1 rounded-xl border border-border bg-surface-muted py-3 pr-4 pl-8 text-sm text-muted"
    >
      <li>
        {m.taxes_advantaged_note()}{" "}
        {excluded.length === 0
          ? m.taxes_keep_none()
          : m.taxes_left_out({
              accounts: excluded
                .map((account) => `${account.name} (${accountTypeLabels[account.type]})`)
                .join(", "),
            })}
      </li>
      <li>{m.taxes_crypto_note()}</li>
    </ul>
  );
}
