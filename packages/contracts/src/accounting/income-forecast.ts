import { z } from "zod";
import { accountIdFilter } from "../accounts/investment-accounts";
import { calendarDate, decimalString, stockSymbol } from "../market/market";

/**
 * What the portfolio will pay (issue 33): the dividend calendar of the stocks held and the next
 * twelve months' income forecast. Amounts are exact decimal strings.
 */

/** The calendar's default window: from today for this many days. */
export const INCOME_CALENDAR_DEFAULT_DAYS = 90;
/** The longest window the calendar answers (a leap year's days). */
export const INCOME_CALENDAR_MAX_DAYS = 366;
/** The forecast's months: this one and the next eleven. */
export const INCOME_FORECAST_MONTHS = 12;
/** Yields are ratios to this many decimals (0.031234 = 3.1234%). */
export const INCOME_YIELD_DECIMALS = 6;

export const incomeCalendarMessages = {
  toBeforeFrom: "The end date (to) must not be before the start date (from)",
  tooLong: `The calendar covers at most ${INCOME_CALENDAR_MAX_DAYS} days; choose a shorter range`,
};

/** Dates are checked once the defaults are filled in (accounting/income-forecast.ts). */
export const incomeCalendarInput = z.object({
  from: calendarDate.optional().describe("First day, YYYY-MM-DD (default: today)"),
  to: calendarDate
    .optional()
    .describe(`Last day, YYYY-MM-DD (default: ${INCOME_CALENDAR_DEFAULT_DAYS} days after from)`),
  accountId: accountIdFilter,
});
export type IncomeCalendarInput = z.output<typeof incomeCalendarInput>;

/** How often a stock pays, inferred from the gaps between its latest dividends. */
export const dividendFrequencies = ["monthly", "quarterly", "semiannual", "annual"] as const;
export type DividendFrequency = (typeof dividendFrequencies)[number];

export const expectedDividend = z.object({
  symbol: stockSymbol,
  exDate: calendarDate,
  payDate: calendarDate,
  /** Declared by the company (true), or expected from its frequency and last amount (false). */
  declared: z.boolean(),
  amountPerShare: decimalString,
  /** Shares held at the ex-date (those held now, for an ex-date still ahead). */
  quantity: decimalString,
  /** quantity × amountPerShare. */
  amount: decimalString,
});
export type ExpectedDividend = z.output<typeof expectedDividend>;

export const incomeCalendar = z.object({
  from: calendarDate,
  to: calendarDate,
  /** Every dividend whose ex-date or pay date falls in the window, by pay date then symbol. */
  dividends: z.array(expectedDividend),
  /** What the dividends paid in the window add to. */
  total: decimalString,
});
export type IncomeCalendar = z.output<typeof incomeCalendar>;

export const incomeForecastInput = z.object({ accountId: accountIdFilter });
export type IncomeForecastInput = z.output<typeof incomeForecastInput>;

export const forecastMonth = z.object({
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  amount: decimalString,
});

export const forecastHolding = z.object({
  symbol: stockSymbol,
  quantity: decimalString,
  /** Null when the stock has paid no dividend to go by. */
  frequency: z.enum(dividendFrequencies).nullable(),
  /** The declared amount per share, or the last one paid. */
  amountPerShare: decimalString.nullable(),
  /** quantity × amountPerShare × payments a year. */
  annualIncome: decimalString,
  costBasis: decimalString,
  marketValue: decimalString,
  /** annualIncome / costBasis; null without a cost. */
  yieldOnCost: decimalString.nullable(),
  /** annualIncome / marketValue; null without a value. */
  currentYield: decimalString.nullable(),
});
export type ForecastHolding = z.output<typeof forecastHolding>;

export const incomeForecast = z.object({
  /** Today: pay dates from it on count. */
  from: calendarDate,
  /** The last day of the twelfth month. */
  to: calendarDate,
  /** This month and the next eleven, oldest first, each with what its pay dates bring. */
  months: z.array(forecastMonth),
  total: decimalString,
  /** Each stock held, by annual income, largest first. */
  holdings: z.array(forecastHolding),
  /** Every holding's annual income together. */
  annualIncome: decimalString,
});
export type IncomeForecast = z.output<typeof incomeForecast>;
