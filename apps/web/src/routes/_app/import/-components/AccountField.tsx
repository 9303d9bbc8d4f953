import { m } from "@ledgerline/messages";
import { Plus } from "lucide-react";
import { accountChoice } from "../../../../components/accounts/accounts";
import { Button } from "../../../../components/ui/Button";
import { SelectField } from "../../../../components/ui/SelectField";
import type { SourceAccount } from "./import-account";
import type { ImportAccount } from "./useImportAccount";

/** The account the import goes into, and the button making one for a broker's file. */
export function AccountField({
  account,
  offer,
}: {
  account: ImportAccount;
  /** A file from Schwab or Coinbase may go into an account of its own, made here. */
  offer: SourceAccount | undefined;
}) {
  const { into } = account;
  if (!into) return null;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SelectField
        label={m.import_into_account()}
        value={String(into.id)}
        options={account.accounts.map(accountChoice)}
        onChange={(value) => account.choose(Number(value))}
        hint={m.import_into_account_hint()}
        className="w-full max-w-xs"
      />
      {offer && (
        <Button variant="secondary" busy={account.creating} onClick={() => account.create(offer)}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {m.import_create_account({ name: offer.name })}
        </Button>
      )}
    </div>
  );
}
