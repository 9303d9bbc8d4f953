import type { InvestmentAccount } from "@ledgerline/contracts";
import { investmentAccountTypes, type InvestmentAccountType } from "@ledgerline/contracts/browser";
import { trpc } from "../../lib/trpc";
import { enumOptions, type SelectOption } from "../ui/SelectField";

/**
 * The user's investment accounts (issue 31, decision 0031) as every screen reads them: the
 * Accounts page, the trade dialog's Account choice and the portfolio's account filter share one
 * query, so a change on one is seen by the others.
 */
export const accountsQuery = () => trpc.investmentAccounts.list.queryOptions();

/** How each account type reads on screen. */
export const accountTypeLabels: Record<InvestmentAccountType, string> = {
  taxable: "Taxable",
  ira: "IRA",
  "roth-ira": "Roth IRA",
  "401k": "401(k)",
  exchange: "Exchange",
  wallet: "Wallet",
  other: "Other",
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
