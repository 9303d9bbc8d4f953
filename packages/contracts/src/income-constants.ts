/** Dividend income messages: no zod, so the browser's form says what the server would (browser.ts). */
export const incomeFormMessages = {
  quantityMustBePositive: "Quantity must be greater than 0",
  amountPerShareMustBePositive: "Amount per share must be greater than 0",
  totalMustBePositive: "Total must be greater than 0",
  payDateBeforeExDate: "The pay date cannot be before the ex-date",
  dateRequired: "Enter a date",
} as const;
