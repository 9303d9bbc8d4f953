import type { TransferInput } from "@ledgerline/contracts";
import {
  EARLIEST_DATE,
  LATEST_DATE,
  NOTES_MAX_LENGTH,
  withinDateRange,
} from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { amountFields, checkAmountIn } from "../../../../lib/amount-problem";
import { localDateInput } from "../../../../lib/datetime-local";
import { typedAmount } from "../../../../lib/typed-amount";
import { transferText as text } from "./screen-texts";

/**
 * The transfer dialog's rules, as plain functions over the text its inputs hold: cash (an
 * amount) or a holding of the source account (a quantity of it), between two accounts. Amounts
 * are read as the other forms read them (0,95 is 0.95) and checked by the contracts' rules.
 */

export type TransferKind = "cash" | "holding";

export interface TransferFormValues {
  kind: TransferKind;
  /** Account ids as the selects hold them. */
  fromAccountId: string;
  toAccountId: string;
  date: string;
  amount: string;
  /** `STOCK:AAPL` or `CRYPTO:BTC`: one of the source account's holdings, or empty. */
  holding: string;
  quantity: string;
  /** A cash transfer's notes, kept on both of its rows. */
  notes: string;
}

export type TransferFormProblems = Partial<Record<keyof TransferFormValues, string>>;

/** A holding as the dialog offers it. */
export interface HoldingChoice {
  key: string;
  symbol: string;
  assetType: "STOCK" | "CRYPTO";
  quantity: string;
}

export const holdingKey = (assetType: "STOCK" | "CRYPTO", symbol: string) =>
  `${assetType}:${symbol}`;

export const emptyTransferForm = (
  fromAccountId: number,
  toAccountId: number | undefined,
  today = localDateInput(),
): TransferFormValues => ({
  kind: "cash",
  fromAccountId: String(fromAccountId),
  toAccountId: toAccountId === undefined ? "" : String(toAccountId),
  date: today,
  amount: "",
  holding: "",
  quantity: "",
  notes: "",
});

/** What is wrong with each field, in the server's words; empty when the form may be sent. */
export function transferFormProblems(
  values: TransferFormValues,
  today = localDateInput(),
): TransferFormProblems {
  const problems: TransferFormProblems = {};
  if (values.fromAccountId === values.toAccountId) problems.toAccountId = text.sameAccount;
  // The server's words (the contracts' date rules), as catalog messages.
  const label = m.api_term_transfer_date();
  if (!values.date) problems.date = m.cash_date_required();
  else if (!withinDateRange(values.date))
    problems.date = m.api_date_out_of_range({
      label,
      earliest: EARLIEST_DATE,
      latest: LATEST_DATE,
    });
  else if (values.date > today) problems.date = m.api_date_in_future({ label });
  if (values.kind === "cash") {
    const { problem } = checkAmountIn(typedAmount(values.amount), amountFields.cash);
    if (problem) problems.amount = problem;
    if (values.notes.trim().length > NOTES_MAX_LENGTH) {
      problems.notes = m.cash_notes_too_long({ max: String(NOTES_MAX_LENGTH) });
    }
  } else {
    if (!values.holding) problems.holding = text.holdingRequired;
    const { problem } = checkAmountIn(typedAmount(values.quantity), amountFields.quantity);
    if (problem) problems.quantity = problem;
  }
  return problems;
}

/** The request for valid values: cash with its amount, or the chosen holding's quantity. */
export function transferInput(values: TransferFormValues): TransferInput {
  const accounts = {
    fromAccountId: Number(values.fromAccountId),
    toAccountId: Number(values.toAccountId),
    date: values.date,
  };
  if (values.kind === "cash")
    return {
      ...accounts,
      amount: typedAmount(values.amount).trim(),
      notes: values.notes.trim() || null,
    };
  const [assetType, symbol] = values.holding.split(":") as ["STOCK" | "CRYPTO", string];
  return { ...accounts, symbol, assetType, quantity: typedAmount(values.quantity).trim() };
}
