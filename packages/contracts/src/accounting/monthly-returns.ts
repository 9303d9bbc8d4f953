import { z } from "zod";
import { accountIdFilter } from "../accounts/investment-accounts";
import { calendarDate, decimalString } from "../market/market";
import { historyUpdating } from "./history-updating";

/** The monthly-returns grid of one investment account, or of all of them. */
export const monthlyReturnsInput = z.object({ accountId: accountIdFilter });
export type MonthlyReturnsInput = z.output<typeof monthlyReturnsInput>;

/**
 * A year of the grid (issue 33). Each month's figure is its time-weighted return, chain-linked
 * from the value chart's return line over everything held (`GET /api/portfolio/history?range=ALL
 * &benchmark=return`): the month's last close over the last close before it, less 1. Ratios are
 * exact decimal strings to eight places (0.0123 = 1.23%). Null for a month with no close.
 */
export const yearOfReturns = z.object({
  year: z.number().int(),
  /** January to December. */
  months: z.array(decimalString.nullable()).length(12),
  /** The year's time-weighted return, its months compounded. */
  total: decimalString.nullable(),
  /** The benchmark's total return over the same closes; null without its prices. */
  benchmarkTotal: decimalString.nullable(),
});
export type YearOfReturns = z.infer<typeof yearOfReturns>;

export const monthlyReturns = z.object({
  /** The first and the last close the grid is worked from; null when nothing was ever held. */
  startDate: calendarDate.nullable(),
  endDate: calendarDate.nullable(),
  benchmarkSymbol: z.string(),
  updating: historyUpdating,
  /** Oldest first. */
  years: z.array(yearOfReturns),
});
export type MonthlyReturns = z.infer<typeof monthlyReturns>;
