import type { InvestmentAccount } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { SelectField } from "../ui/SelectField";
import { accountFilterOptions } from "./accounts";

/**
 * A page's Account filter (summary, income, taxes): 'All accounts' or one of them, applied at
 * once. Shown only to a user who keeps more than one account.
 */
export function AccountFilter({
  accounts,
  value,
  onChange,
  hint,
}: {
  accounts: readonly InvestmentAccount[];
  value: number | undefined;
  onChange: (account: number | undefined) => void;
  hint?: string;
}) {
  if (accounts.length <= 1) return null;
  return (
    <SelectField
      className="max-w-xs"
      label={m.accounts_filter_label()}
      value={value === undefined ? "" : String(value)}
      options={accountFilterOptions(accounts)}
      onChange={(chosen) => onChange(chosen === "" ? undefined : Number(chosen))}
      hint={hint}
    />
  );
}
