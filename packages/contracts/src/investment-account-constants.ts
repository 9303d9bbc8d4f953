/**
 * A person's investment accounts (issue 31): the plain lists, limits and messages the web app
 * may import at run time. "Investment account" keeps them apart from the sign-in account
 * (account.ts, /api/users); REST calls them `/api/accounts`.
 */
export const investmentAccountTypes = [
  "taxable",
  "ira",
  "roth-ira",
  "401k",
  "exchange",
  "wallet",
  "other",
] as const;
export type InvestmentAccountType = (typeof investmentAccountTypes)[number];

/** The account every user starts with, which trades go into when they name none. */
export const DEFAULT_INVESTMENT_ACCOUNT = { name: "Main", type: "taxable" } as const;

export const INVESTMENT_ACCOUNT_NAME_MAX_LENGTH = 60;
export const INSTITUTION_MAX_LENGTH = 100;
/** Accounts one user may keep. */
export const MAX_INVESTMENT_ACCOUNTS = 50;

export const investmentAccountMessages = {
  notFound: "Account not found",
  nameRequired: "Account name is required",
  nameTooLong: `Account name must be at most ${INVESTMENT_ACCOUNT_NAME_MAX_LENGTH} characters`,
  nameTaken: "You already have an account with that name",
  typeInvalid: `Account type must be one of ${investmentAccountTypes.join(", ")}`,
  institutionTooLong: `Institution must be at most ${INSTITUTION_MAX_LENGTH} characters`,
  tooMany: `You can keep at most ${MAX_INVESTMENT_ACCOUNTS} accounts`,
  holdsActivity:
    "The account still holds positions or activity: name an account to move them to (moveToAccountId) to delete it",
  onlyAccount: "Your only account cannot be deleted",
  moveToSelf: "An account's positions and activity cannot be moved into the account itself",
  moveTargetNotFound: "The account to move the positions and activity to was not found",
  notDefaultable: "Set another account as the default instead of unsetting this one",
} as const;
