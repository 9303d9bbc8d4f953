import { m } from "@ledgerline/messages";
import type { ImportSource, InvestmentAccount } from "@ledgerline/contracts";
import { importSourceAccounts } from "@ledgerline/contracts/browser";

export type SourceAccount = (typeof importSourceAccounts)[keyof typeof importSourceAccounts];

/**
 * The account the import page offers to create for a file from a known broker or exchange: one
 * named after the source, unless the person already keeps an account by that name (trimmed, in
 * any case: a 'schwab' account is taken to be it). None for a Ledgerline export or another CSV.
 */
export function sourceAccountOffer(
  source: ImportSource,
  accounts: readonly InvestmentAccount[],
): SourceAccount | undefined {
  if (!(source in importSourceAccounts)) return undefined;
  const offer = importSourceAccounts[source as keyof typeof importSourceAccounts];
  const taken = accounts.some(
    (account) => account.name.trim().toLowerCase() === offer.name.toLowerCase(),
  );
  return taken ? undefined : offer;
}

/**
 * The account an import goes into: the one chosen, while it still exists; otherwise the default
 * account (the server's choice when none is named).
 */
export function importAccount(
  chosen: number | undefined,
  accounts: readonly InvestmentAccount[],
): InvestmentAccount | undefined {
  return (
    accounts.find((account) => account.id === chosen) ??
    accounts.find((account) => account.isDefault) ??
    accounts[0]
  );
}

/**
 * What the preview says when the file's cash activities go into an account that does not track
 * cash (they are kept, but its cash, value and returns leave them out); none otherwise.
 */
export function untrackedCashWarning(
  account: InvestmentAccount | undefined,
  cashRows: number,
): string | undefined {
  if (!account || account.cashTracked || cashRows === 0) return undefined;
  return cashRows === 1
    ? m.import_untracked_one({ name: account.name })
    : m.import_untracked_many({ name: account.name, count: String(cashRows) });
}
