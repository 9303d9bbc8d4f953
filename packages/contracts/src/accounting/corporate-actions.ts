import { multiply } from "@ledgerline/money";
import { z } from "zod";
import { incomeAmounts, incomeFormMessages } from "./income-constants";
import { ledgerDate } from "../shared/dates";
import { calendarDate, decimalString, stockSymbol } from "../market/market";
import { checkDecimal, decimalInputMessages } from "../shared/decimal-check";
import { investmentAccountId, rowAccountId } from "../accounts/investment-accounts";
import { positiveAmount } from "../trading/portfolio";

/**
 * Corporate actions (issue 15): splits and cash dividends of a stock, as the provider or the
 * simulated market reports them. Ratios and amounts are exact decimal strings.
 */

export const corporateActionTypes = ["split", "dividend"] as const;
export type CorporateActionType = (typeof corporateActionTypes)[number];

const positiveDecimal = decimalString.refine((value) => !value.startsWith("-") && value !== "0", {
  message: "Expected a positive decimal",
});

/**
 * A split turns `splitFrom` shares into `splitTo` shares on its ex-date (1:3 is from 1 to 3; a
 * 35:1 reverse split is from 35 to 1). A dividend pays `cashAmount` per share held at the
 * ex-date, on its pay date.
 */
export const corporateAction = z.object({
  symbol: stockSymbol,
  type: z.enum(corporateActionTypes),
  exDate: calendarDate,
  payDate: calendarDate.optional(),
  splitFrom: positiveDecimal.optional(),
  splitTo: positiveDecimal.optional(),
  cashAmount: positiveDecimal.optional(),
});
export type CorporateAction = z.output<typeof corporateAction>;

export const corporateActionsInput = z.object({ symbol: stockSymbol });
export const corporateActionsAnswer = z.array(corporateAction);

/** What an admin's re-sync of a symbol did. */
export const corporateActionsResyncAnswer = z.object({
  symbol: stockSymbol,
  actions: z.number().int().nonnegative(),
  users: z.number().int().nonnegative(),
  splitsWritten: z.number().int().nonnegative(),
  incomeAdded: z.number().int().nonnegative(),
});
export type CorporateActionsResyncAnswer = z.output<typeof corporateActionsResyncAnswer>;

// Income (dividends received).

export const incomeTypes = ["DIVIDEND"] as const;
export type IncomeType = (typeof incomeTypes)[number];

export const incomeEntry = z.object({
  id: z.number().int().min(1),
  type: z.enum(incomeTypes),
  symbol: stockSymbol,
  exDate: calendarDate,
  payDate: calendarDate,
  /** Shares held at the ex-date. */
  quantity: decimalString,
  amountPerShare: decimalString,
  /** What was received: quantity × amount per share, or the broker's figure when edited. */
  total: decimalString,
  /** False for entries made from the market's dividends, true once typed or edited by hand. */
  manual: z.boolean(),
  accountId: rowAccountId,
});
export type IncomeEntry = z.output<typeof incomeEntry>;

export const incomeYearTotal = z.object({ year: z.number().int(), total: decimalString });

export const incomeAnswer = z.object({
  entries: z.array(incomeEntry),
  /** Per calendar year of the pay date, newest first. */
  years: z.array(incomeYearTotal),
  total: decimalString,
});
export type IncomeAnswer = z.output<typeof incomeAnswer>;

/** Dates of a dividend received: within the ledger's years, and (the service checks) not ahead. */
const incomeFields = z.object({
  symbol: stockSymbol,
  exDate: ledgerDate("The ex-date"),
  payDate: ledgerDate("The pay date"),
  quantity: positiveAmount(incomeAmounts.quantity),
  amountPerShare: positiveAmount(incomeAmounts.amountPerShare),
  /** Defaults to quantity × amount per share; a broker's net-of-tax figure may differ. */
  total: positiveAmount(incomeAmounts.total).optional(),
  accountId: investmentAccountId
    .optional()
    .describe(
      "The investment account the dividend was paid into (default: the default account; an edit keeps the entry's)",
    ),
});

/** A total left to be computed is held to the same bound as one typed in. */
const totalFits = (entry: { quantity: string; amountPerShare: string; total?: string }) =>
  entry.total !== undefined ||
  checkDecimal(multiply(entry.quantity, entry.amountPerShare), "Total", { places: "any" }).ok;
const totalFitsMessage = {
  message: decimalInputMessages.tooLarge("Total (quantity x amount per share)"),
  path: ["total"],
};

const payAfterEx = (entry: { exDate: string; payDate: string }) => entry.payDate >= entry.exDate;
const payAfterExMessage = {
  message: incomeFormMessages.payDateBeforeExDate,
  path: ["payDate"],
};

export const incomeCreateInput = incomeFields
  .refine(payAfterEx, payAfterExMessage)
  .refine(totalFits, totalFitsMessage);
export type IncomeCreateInput = z.output<typeof incomeCreateInput>;

export const incomeUpdateInput = incomeFields
  .extend({ id: z.number().int().min(1) })
  .refine(payAfterEx, payAfterExMessage)
  .refine(totalFits, totalFitsMessage);
export type IncomeUpdateInput = z.output<typeof incomeUpdateInput>;

export const incomeDeleteInput = z.object({ id: z.number().int().min(1) });
