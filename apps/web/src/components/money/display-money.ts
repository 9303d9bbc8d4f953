import type { FxRates } from "@ledgerline/contracts";
import { convertAt, rateOn, withPlaces, type FxDayRate } from "@ledgerline/money";
import { formatMoney, formatUsdCode } from "@ledgerline/money/format";

/** A figure as shown: its text, and where it was converted the hover that says from what. */
export interface ShownMoney {
  text: string;
  /** 'USD 1,234.56 at 0.9213 on 2026-11-27'; absent for figures shown in USD. */
  title?: string;
}

/**
 * Which rate a figure takes: "today" (today's figures) the latest, a date or an ISO date-time
 * (YYYY-MM-DD...) its own day's.
 */
export type MoneyDay = string;

/**
 * A USD amount in the display currency (decision 0060): converted exactly at the rate in force on
 * its day, or shown in USD until the rates are known (and in USD mode, always).
 */
export function showMoney(
  usd: string | null | undefined,
  rates: FxRates | undefined,
  day: MoneyDay = "today",
  signed = false,
): ShownMoney {
  if (usd === null || usd === undefined || usd === "") return { text: "N/A" };
  const rate = rates && rates.currency !== "USD" ? rateFor(rates, day) : undefined;
  if (!rates || !rate) return { text: formatMoney(usd, "USD", signed) };
  return {
    text: formatMoney(convertAt(usd, rate.rate), rates.currency, signed),
    title: `${formatUsdCode(usd, signed)} at ${withPlaces(rate.rate, 4)} on ${rate.date}`,
  };
}

/** The rate a figure of `day` is converted at: the latest for "today", else its day's in force. */
export function rateFor(rates: FxRates, day: MoneyDay): FxDayRate | undefined {
  if (day === "today") return rates.latest ?? rates.days.at(-1);
  return rateOn(rates.days, day.slice(0, 10)) ?? rates.latest ?? undefined;
}
