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
  costBasisMethodInvalid: "Cost-basis method must be one of fifo, lifo, hifo, specific, average",
  institutionTooLong: `Institution must be at most ${INSTITUTION_MAX_LENGTH} characters`,
  tooMany: `You can keep at most ${MAX_INVESTMENT_ACCOUNTS} accounts`,
  holdsActivity:
    "The account still holds positions or activity: name an account to move them to (moveToAccountId) to delete it",
  onlyAccount: "Your only account cannot be deleted",
  moveToSelf: "An account's positions and activity cannot be moved into the account itself",
  moveTargetNotFound: "The account to move the positions and activity to was not found",
  notDefaultable: "Set another account as the default instead of unsetting this one",
} as const;

/**
 * How a sale picks the lots it sells (issue 32): first in first out, last in first out, highest
 * cost first, the lots the seller names, or the average cost of everything held.
 */
export const costBasisMethods = ["fifo", "lifo", "hifo", "specific", "average"] as const;
export type CostBasisMethod = (typeof costBasisMethods)[number];
/** A new account's method; accounts made by the migration to accounts keep `average`. */
export const DEFAULT_COST_BASIS_METHOD: CostBasisMethod = "fifo";

/** Accounts whose sales are not reported as taxable and where a wash sale's loss is lost. */
export const taxAdvantagedAccountTypes = ["ira", "roth-ira", "401k"] as const;
export function isTaxAdvantaged(type: InvestmentAccountType): boolean {
  return (taxAdvantagedAccountTypes as readonly string[]).includes(type);
}

/** Holdings one reconciliation may list (a statement of a very large account still fits). */
export const MAX_RECONCILE_HOLDINGS = 2000;

/** Transfers between two of a person's accounts, and reconciliations against a statement. */
export const transferMessages = {
  sameAccount: "A transfer moves between two different accounts: choose another destination",
  dateInFuture: "Transfer date cannot be in the future",
  /** A holding transferred out must be held then, and stay held by every later trade. */
  exceedsHolding: (held: string, symbol: string, date: string) =>
    `Cannot transfer more than ${held} ${symbol}: that is what the account holds on ${date} and keeps after it`,
  tooManyHoldings: `A statement may list at most ${MAX_RECONCILE_HOLDINGS} holdings`,
  holdingListedTwice: (symbol: string) =>
    `${symbol} is listed twice on the statement: list each holding once`,
} as const;
