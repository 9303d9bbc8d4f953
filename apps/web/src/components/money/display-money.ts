import type { FxRates } from "@ledgerline/contracts";
import { m } from "@ledgerline/messages";
import { convertAt, rateOn, sum, type FxDayRate } from "@ledgerline/money";
import { formatMoney, formatRate, formatUsdCode } from "@ledgerline/money/format";
import { formatRateDay } from "../../lib/format";

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
  if (usd === null || usd === undefined || usd === "") return { text: m.portfolio_not_available() };
  const rate = rates && rates.currency !== "USD" ? rateFor(rates, day) : undefined;
  if (!rates || !rate) return { text: formatMoney(usd, "USD", signed) };
  return {
    text: formatMoney(convertAt(usd, rate.rate), rates.currency, signed),
    title: convertedAt(usd, rate, signed),
  };
}

/**
 * A total of figures of several days (a year's dividends) in the display currency: each part
 * converted at its own day's rate and the exact products added, so the total is what its rows
 * add up to. `usd` is the USD total as the server summed it, shown as it is in USD mode.
 */
export function showMoneySum(
  usd: string,
  parts: readonly { usd: string; day: MoneyDay }[],
  rates: FxRates | undefined,
): ShownMoney {
  if (!rates || rates.currency === "USD") return { text: formatMoney(usd, "USD") };
  // Nothing to add: zero is zero in any currency.
  if (parts.length === 0) return { text: formatMoney(usd, rates.currency) };
  const used = parts.map((part) => rateFor(rates, part.day));
  if (used.some((rate) => rate === undefined)) return { text: formatMoney(usd, "USD") };
  const total = sum(parts.map((part, i) => convertAt(part.usd, used[i]!.rate)));
  const days = new Set(used.map((rate) => rate!.date));
  const only = used[0]!;
  return {
    text: formatMoney(total, rates.currency),
    title:
      days.size === 1
        ? convertedAt(usd, only)
        : m.money_converted_each_day({ usd: formatUsdCode(usd), days: String(days.size) }),
  };
}

/** 'USD 1,234.56 at 0.9213 on 2026-11-27', with the reader's figures and dates elsewhere. */
function convertedAt(usd: string, rate: FxDayRate, signed = false): string {
  return m.money_converted_at({
    usd: formatUsdCode(usd, signed),
    rate: formatRate(rate.rate),
    date: formatRateDay(rate.date),
  });
}

/** The rate a figure of `day` is converted at: the latest for "today", else its day's in force. */
export function rateFor(rates: FxRates, day: MoneyDay): FxDayRate | undefined {
  if (day === "today") return rates.latest ?? rates.days.at(-1);
  return rateOn(rates.days, day.slice(0, 10)) ?? rates.latest ?? undefined;
}
