import type { InvestmentAccount } from "@ledgerline/contracts";
import { investmentAccountTypes, type InvestmentAccountType } from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc";
import { enumOptions, type SelectOption } from "../ui/SelectField";

/**
 * The user's investment accounts (issue 31, decision 0031) as every screen reads them: the
 * Accounts page, the trade dialog's Account choice and the portfolio's account filter share one
 * query, so a change on one is seen by the others.
 */
export const accountsQuery = () => trpc.investmentAccounts.list.queryOptions();

const noAccounts: readonly InvestmentAccount[] = [];

/**
 * The accounts as a page reads them beside its own data: none until they arrive (the same empty
 * list each render, so memoized work over them is not redone).
 */
export function useAccounts(): readonly InvestmentAccount[] {
  return useQuery(accountsQuery()).data ?? noAccounts;
}

/** How each account type reads on screen. */
export const accountTypeLabels: Record<InvestmentAccountType, string> = {
  taxable: m.accounts_type_taxable(),
  ira: m.accounts_type_ira(),
  "roth-ira": m.accounts_type_roth_ira(),
  "401k": m.accounts_type_401k(),
  exchange: m.accounts_type_exchange(),
  wallet: m.accounts_type_wallet(),
  other: m.accounts_type_other(),
};

export const accountTypeOptions = enumOptions(investmentAccountTypes, accountTypeLabels);

/** An account's choice in a select: its name, with its institution when it has one. */
export function accountChoice(account: InvestmentAccount): SelectOption<string> {
  return {
    value: String(account.id),
    label: account.institution ? `${account.name} (${account.institution})` : account.name,
  };
}

/** The account trades go into when they name none. */
export function defaultAccountOf(accounts: readonly InvestmentAccount[]) {
  return accounts.find((account) => account.isDefault) ?? accounts[0];
}

/** An account's name by id, for rows that carry `accountId`. */
export function accountNames(accounts: readonly InvestmentAccount[]): Map<number, string> {
  return new Map(accounts.map((account) => [account.id, account.name]));
}

/** An account filter's choices: every account, then each account by name. */
export function accountFilterOptions(
  accounts: readonly InvestmentAccount[],
): SelectOption<string>[] {
  return [
    { value: "", label: m.accounts_all() },
    ...accounts.map((account) => ({ value: String(account.id), label: account.name })),
  ];
}

/**
 * The account a page is filtered by: the one the address names (`?account=<id>`) when the user
 * keeps several and it is one of theirs; otherwise none (every account). A user with one account
 * sees no filter, and an address naming an account that is gone shows them all.
 */
export function filteredAccount(
  accounts: readonly InvestmentAccount[],
  chosen: number | undefined,
): number | undefined {
  return accounts.length > 1 && accounts.some((account) => account.id === chosen)
    ? chosen
    : undefined;
}
