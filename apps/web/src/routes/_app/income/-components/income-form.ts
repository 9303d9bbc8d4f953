import type { IncomeCreateInput, IncomeEntry } from "@ledgerline/contracts";
import {
  EARLIEST_DATE,
  LATEST_DATE,
  STOCK_SYMBOL_PATTERN,
  withinDateRange,
} from "@ledgerline/contracts/browser";
import { m } from "@ledgerline/messages";
import { compare, multiply } from "@ledgerline/money";
import { amountFields, checkAmountIn } from "../../../../lib/amount-problem";
import { localDateInput } from "../../../../lib/datetime-local";
import { typedAmount } from "../../../../lib/typed-amount";

/**
 * The income entry form's rules, as plain functions over the text its inputs hold. An amount is
 * read as an import reads one (a decimal point, or a decimal comma where only that reads: 0,95)
 * and checked by the contracts' decimal rules, the ones the server applies; nothing here rounds.
 */

export interface IncomeFormValues {
  symbol: string;
  exDate: string;
  payDate: string;
  quantity: string;
  amountPerShare: string;
  /** Empty: quantity × amount per share. */
  total: string;
}

export type IncomeFormField = keyof IncomeFormValues;
export type IncomeFormProblems = Partial<Record<IncomeFormField, string>>;

export const emptyIncomeForm: IncomeFormValues = {
  symbol: "",
  exDate: "",
  payDate: "",
  quantity: "",
  amountPerShare: "",
  total: "",
};

/**
 * An entry as the form edits it. A total that is not quantity × amount per share is the broker's
 * own figure and is kept; one that is stays empty, so it follows a corrected quantity or amount.
 */
export function incomeFormOf(entry: IncomeEntry): IncomeFormValues {
  const values = {
    symbol: entry.symbol,
    exDate: entry.exDate,
    payDate: entry.payDate,
    quantity: entry.quantity,
    amountPerShare: entry.amountPerShare,
    total: "",
  };
  const product = computedTotal(values);
  return product !== undefined && compare(product, entry.total) === 0
    ? values
    : { ...values, total: entry.total };
}

/** quantity × amount per share, exact; undefined until both are valid. */
export function computedTotal(values: IncomeFormValues): string | undefined {
  const quantity = checkAmountIn(typedAmount(values.quantity), amountFields.incomeQuantity).value;
  const amount = checkAmountIn(
    typedAmount(values.amountPerShare),
    amountFields.amountPerShare,
  ).value;
  return quantity && amount ? multiply(quantity, amount) : undefined;
}

/**
 * A dividend received: its dates lie between 1970 and today, as the server checks; said in the
 * server's words (the contracts' date rules) as catalog messages.
 */
function dateProblem(text: string, label: string, today: string): string | undefined {
  if (!text) return m.cash_date_required();
  if (!withinDateRange(text))
    return m.api_date_out_of_range({ label, earliest: EARLIEST_DATE, latest: LATEST_DATE });
  return text > today ? m.api_date_in_future({ label }) : undefined;
}

/** What is wrong with each field, in the server's words; empty when the form may be sent. */
export function incomeFormProblems(
  values: IncomeFormValues,
  today = localDateInput(),
): IncomeFormProblems {
  const problems: IncomeFormProblems = {};
  if (!STOCK_SYMBOL_PATTERN.test(values.symbol.trim().toUpperCase())) {
    problems.symbol = m.api_market_invalid_stock_symbol();
  }
  const exDate = dateProblem(values.exDate, m.api_term_the_ex_date(), today);
  if (exDate) problems.exDate = exDate;
  const payDate = dateProblem(values.payDate, m.api_term_the_pay_date(), today);
  if (payDate) problems.payDate = payDate;
  else if (values.exDate && values.payDate < values.exDate) {
    problems.payDate = m.api_income_pay_before_ex();
  }
  const fields = {
    quantity: amountFields.incomeQuantity,
    amountPerShare: amountFields.amountPerShare,
    total: amountFields.total,
  };
  for (const field of ["quantity", "amountPerShare", "total"] as const) {
    if (field === "total" && values.total.trim() === "") continue;
    const { problem } = checkAmountIn(typedAmount(values[field]), fields[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/**
 * The request for valid values: decimals as read, exactly (0,95 is sent as 0.95), no total
 * when left empty.
 */
export function incomeInput(values: IncomeFormValues): IncomeCreateInput {
  const total = values.total.trim();
  return {
    symbol: values.symbol.trim().toUpperCase(),
    exDate: values.exDate,
    payDate: values.payDate,
    quantity: typedAmount(values.quantity).trim(),
    amountPerShare: typedAmount(values.amountPerShare).trim(),
    ...(total ? { total: typedAmount(total).trim() } : {}),
  };
}
