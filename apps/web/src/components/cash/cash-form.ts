import type {
  CashActivity,
  CashActivityType,
  CreateCashActivityInput,
} from "@ledgerline/contracts";
import {
  cashCredits,
  EARLIEST_DATE,
  LATEST_DATE,
  NOTES_MAX_LENGTH,
  withinDateRange,
  type CashActivityKind,
} from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { amountFields, checkAmountIn } from "../../lib/amount-problem";
import { localDateInput } from "../../lib/datetime-local";
import { typedAmount } from "../../lib/typed-amount";

/**
 * The cash activity form's rules (deposit, withdrawal, interest, fee, tax withheld), as plain
 * functions over the text its inputs hold. The amount is read as the other forms read one (0,95
 * is 0.95) and checked by the contracts' decimal rules, the server's; nothing here rounds.
 */

export interface CashFormValues {
  type: CashActivityType;
  amount: string;
  date: string;
  notes: string;
}

export type CashFormField = keyof CashFormValues;
export type CashFormProblems = Partial<Record<CashFormField, string>>;

export const emptyCashForm = (today = localDateInput()): CashFormValues => ({
  type: "deposit",
  amount: "",
  date: today,
  notes: "",
});

/** An activity as the form edits it (only the five kinds entered by hand are edited). */
export function cashFormOf(activity: CashActivity & { type: CashActivityType }): CashFormValues {
  return {
    type: activity.type,
    amount: activity.amount,
    date: activity.date,
    notes: activity.notes ?? "",
  };
}

/** What is wrong with each field, in the server's words; empty when the form may be sent. */
export function cashFormProblems(
  values: CashFormValues,
  today = localDateInput(),
): CashFormProblems {
  const problems: CashFormProblems = {};
  const { problem } = checkAmountIn(typedAmount(values.amount), amountFields.cash);
  if (problem) problems.amount = problem;
  // The server's words (the contracts' date rules), as catalog messages.
  if (!values.date) problems.date = m.cash_date_required();
  else if (!withinDateRange(values.date))
    problems.date = m.cash_date_out_of_range({ earliest: EARLIEST_DATE, latest: LATEST_DATE });
  else if (values.date > today) problems.date = m.cash_date_in_future();
  if (values.notes.trim().length > NOTES_MAX_LENGTH) {
    problems.notes = m.cash_notes_too_long({ max: String(NOTES_MAX_LENGTH) });
  }
  return problems;
}

/** The request for valid values: the amount as read, exactly; empty notes left out. */
export function cashInput(values: CashFormValues, accountId: number): CreateCashActivityInput {
  const notes = values.notes.trim();
  return {
    accountId,
    type: values.type,
    amount: typedAmount(values.amount).trim(),
    date: values.date,
    notes: notes || null,
  };
}

/** Whether a kind of activity adds to the account's cash (deposit, interest, transfer in). */
export const isCredit = (type: CashActivityKind) => cashCredits.includes(type);

/** The kinds a person enters by hand: the two sides of a transfer are changed as a transfer. */
export const isHandEntered = (
  activity: CashActivity,
): activity is CashActivity & { type: CashActivityType } => activity.transferId === null;
