import { amountRule } from "../shared/amount-messages";

/**
 * Cash activities of an investment account (issue 31): the plain lists, labels and messages the
 * web app may import at run time (no zod, see browser.ts).
 */

/** What a person enters by hand or an import writes: money in or out of one account. */
export const cashActivityTypes = ["deposit", "withdrawal", "interest", "fee", "tax"] as const;
export type CashActivityType = (typeof cashActivityTypes)[number];

/**
 * The two rows of a cash transfer between two of the person's accounts (POST /api/transfers):
 * written together, linked by their `transferId`, changed or deleted only together.
 */
export const cashTransferKinds = ["transfer-out", "transfer-in"] as const;
export type CashTransferKind = (typeof cashTransferKinds)[number];

/** Every kind of row GET /api/cash lists. */
export const cashActivityKinds = [...cashActivityTypes, ...cashTransferKinds] as const;
export type CashActivityKind = (typeof cashActivityKinds)[number];

/** The kinds that add to an account's cash; every other kind takes from it. */
export const cashCredits: readonly CashActivityKind[] = ["deposit", "interest", "transfer-in"];

export const cashActivityLabels: Record<CashActivityKind, string> = {
  deposit: "Deposit",
  withdrawal: "Withdrawal",
  interest: "Interest",
  fee: "Fee",
  tax: "Tax withheld",
  "transfer-out": "Transfer out",
  "transfer-in": "Transfer in",
};

/** The amount of a cash activity: a positive exact decimal; its direction is its type. */
export const cashAmount = amountRule("Amount");

export const cashMessages = {
  notFound: "Cash activity not found",
  typeInvalid: `Type must be one of ${cashActivityTypes.join(", ")}`,
  dateLabel: "The date",
  fromAfterTo: "The start date cannot be after the end date",
  transferChangedAlone:
    "This row is one side of a transfer between accounts: delete the transfer and enter it again",
  transferToSameAccount: "A transfer needs two different accounts",
} as const;
