import { z } from "zod";
import { currencyMessages, displayCurrencies, type DisplayCurrency } from "./currency-constants";
import { ledgerDate } from "../shared/dates";

export const displayCurrency = z.enum(displayCurrencies, {
  error: currencyMessages.unknownCurrency,
});

export const displayCurrencySetting = z.object({ currency: displayCurrency });
export type DisplayCurrencySetting = { currency: DisplayCurrency };

/** A USD→currency rate as exact decimal text, and the day it was published for. */
export const fxDayRate = z.object({
  date: z.iso.date(),
  rate: z.string(),
});
export type FxDayRate = z.infer<typeof fxDayRate>;

/** The days whose rates are asked for, inclusive. */
export const fxRatesInput = z
  .object({
    from: ledgerDate("from"),
    to: ledgerDate("to"),
  })
  .refine((range) => range.from <= range.to, {
    message: "from must not be after to",
    path: ["from"],
  });
export type FxRatesInput = z.output<typeof fxRatesInput>;

/**
 * The signed-in user's display currency with its rates: `days` holds the rates published in
 * the range plus the last one before it (a figure dated on a weekend or a holiday takes the rate
 * of the previous published day); `latest` is the newest rate, for today's figures. USD answers
 * no rates: nothing is converted.
 */
export const fxRates = z.object({
  currency: displayCurrency,
  latest: fxDayRate.nullable(),
  days: z.array(fxDayRate),
});
export type FxRates = z.infer<typeof fxRates>;
