import { amountRule, mustBeGreaterThanZero } from "../shared/amount-messages";

/** Dividend income messages: no zod, so the browser's form says what the server would (browser.ts). */
export const incomeFormMessages = {
  quantityMustBePositive: mustBeGreaterThanZero("Quantity"),
  amountPerShareMustBePositive: mustBeGreaterThanZero("Amount per share"),
  totalMustBePositive: mustBeGreaterThanZero("Total"),
  payDateBeforeExDate: "The pay date cannot be before the ex-date",
  dateRequired: "Enter a date",
} as const;

/**
 * The amounts of an income entry: each one's name in the decimal rules' messages and its message
 * for one that is not greater than 0. The schema (corporate-actions.ts) and the web app's income
 * form check them alike, with checkDecimal.
 */
export const incomeAmounts = {
  quantity: amountRule("Quantity"),
  amountPerShare: amountRule("Amount per share"),
  total: amountRule("Total"),
} as const;
