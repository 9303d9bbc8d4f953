import type { InvestmentAccount } from "@ledgerline/contracts";
import {
  DEFAULT_COST_BASIS_METHOD,
  INSTITUTION_MAX_LENGTH,
  INVESTMENT_ACCOUNT_NAME_MAX_LENGTH,
  investmentAccountMessages as messages,
  type CostBasisMethod,
  type InvestmentAccountType,
} from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { errorMessage } from "../../../../lib/errors";

/** The account dialog's fields as typed. */
export interface AccountFormValues {
  name: string;
  type: InvestmentAccountType;
  institution: string;
  cashTracked: boolean;
  /** Changing it on an account is confirmed first, with its realized gains before and after. */
  costBasisMethod: CostBasisMethod;
  /** Only offered on an account that is not the default yet (the default cannot be unset). */
  makeDefault: boolean;
}

export type AccountFormField = keyof AccountFormValues;

export const emptyAccountForm: AccountFormValues = {
  name: "",
  type: "taxable",
  institution: "",
  cashTracked: false,
  costBasisMethod: DEFAULT_COST_BASIS_METHOD,
  makeDefault: false,
};

export function accountFormOf(account: InvestmentAccount): AccountFormValues {
  return {
    name: account.name,
    type: account.type,
    institution: account.institution ?? "",
    cashTracked: account.cashTracked,
    costBasisMethod: account.costBasisMethod,
    makeDefault: false,
  };
}

/** The server's rules as typed, with its messages, so a refusal shows at its field before a send. */
export function accountFormProblems(
  values: AccountFormValues,
): Partial<Record<AccountFormField, string>> {
  const problems: Partial<Record<AccountFormField, string>> = {};
  const name = values.name.trim();
  if (name === "") problems.name = messages.nameRequired;
  else if (name.length > INVESTMENT_ACCOUNT_NAME_MAX_LENGTH) problems.name = messages.nameTooLong;
  if (values.institution.trim().length > INSTITUTION_MAX_LENGTH) {
    problems.institution = messages.institutionTooLong;
  }
  return problems;
}

/** What create and update send: trimmed text, an empty institution as none. */
export function accountInput(values: AccountFormValues) {
  const institution = values.institution.trim();
  return {
    name: values.name.trim(),
    type: values.type,
    institution: institution === "" ? null : institution,
    cashTracked: values.cashTracked,
    costBasisMethod: values.costBasisMethod,
    ...(values.makeDefault ? { isDefault: true as const } : {}),
  };
}

const formFields: readonly AccountFormField[] = [
  "name",
  "type",
  "institution",
  "cashTracked",
  "costBasisMethod",
];

/**
 * A refused save as the dialog shows it: each validation issue at the field it names (a taken
 * name, a 409 without issues, at the name too), anything else above the buttons.
 */
export function accountSaveFailure(error: unknown): {
  fields: Partial<Record<AccountFormField, string>>;
  message: string | null;
} {
  const message = errorMessage(error, m.accounts_save_failed());
  if (message === messages.nameTaken) return { fields: { name: message }, message: null };
  const issues = (error as { data?: { issues?: unknown } } | null)?.data?.issues;
  const fields: Partial<Record<AccountFormField, string>> = {};
  const unplaced: string[] = [];
  if (Array.isArray(issues)) {
    for (const issue of issues as { path?: unknown; message?: unknown }[]) {
      if (typeof issue.message !== "string") continue;
      const field = formFields.find((name) => name === issue.path);
      if (field) fields[field] ??= issue.message;
      else unplaced.push(issue.message);
    }
    if (Object.keys(fields).length > 0) {
      return { fields, message: unplaced.length > 0 ? unplaced.join("; ") : null };
    }
  }
  return { fields, message };
}

/** What the account dialog is open for: a new account, or one to edit. */
export type AccountDialogTarget = { mode: "add" } | { mode: "edit"; account: InvestmentAccount };
