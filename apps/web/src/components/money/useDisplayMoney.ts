import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { trpc } from "../../lib/trpc";
import { showMoney, showMoneySum, type MoneyDay, type ShownMoney } from "./display-money";

/** Today as the rates count days (UTC). */
function utcToday(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The rates a screen's figures need, from `since` (its oldest figure's day) to today. The start
 * is moved back to the first of its year, so the screens of a session share a few reads.
 */
export function displayRatesQuery(since?: string) {
  const today = utcToday();
  const from = `${(since && since < today ? since : today).slice(0, 4)}-01-01`;
  return trpc.displayCurrency.rates.queryOptions(
    { from, to: today },
    // Past rates never change; today's is refreshed with the day's figures.
    { staleTime: 30 * 60_000 },
  );
}

/**
 * `money(usd, day, signed)`: the figure in the user's display currency with its hover (see
 * showMoney). Until the rates arrive, and if they fail, figures read in USD.
 */
export function useDisplayMoney(since?: string) {
  const { data } = useQuery(displayRatesQuery(since));
  return useCallback(
    (usd: string | null | undefined, day: MoneyDay = "today", signed = false): ShownMoney =>
      showMoney(usd, data, day, signed),
    [data],
  );
}

export type MoneyFormatter = ReturnType<typeof useDisplayMoney>;

/**
 * `moneySum(usd, parts)`: a total of figures of several days, each part at its own day's rate
 * (see showMoneySum); in USD until the rates arrive.
 */
export function useDisplayMoneySum(since?: string) {
  const { data } = useQuery(displayRatesQuery(since));
  return useCallback(
    (usd: string, parts: readonly { usd: string; day: MoneyDay }[]): ShownMoney =>
      showMoneySum(usd, parts, data),
    [data],
  );
}
