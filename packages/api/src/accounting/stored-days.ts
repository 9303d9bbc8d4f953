import { add } from "@ledgerline/money";
import type { AppDeps } from "../platform/scope";
import { addDays, type ValuedDay } from "./portfolio-valuation";

/** A day without a stored row held nothing. */
const ZERO_DAY = { stockValue: "0", cryptoValue: "0", costBasis: "0", flow: "0", realized: "0" };

/** The stored days from `from` to `yesterday`, each day (one not stored held nothing). */
export async function storedDays(
  deps: AppDeps,
  userId: number,
  from: string,
  yesterday: string,
): Promise<ValuedDay[]> {
  const stored = from <= yesterday ? await deps.repos.snapshots.days(userId, from, yesterday) : [];
  const byDay = new Map(stored.map((day) => [day.day, day]));
  const days: ValuedDay[] = [];
  for (let day = from; day <= yesterday; day = addDays(day, 1)) {
    const found = byDay.get(day) ?? ZERO_DAY;
    days.push({
      date: day,
      stockValue: found.stockValue,
      cryptoValue: found.cryptoValue,
      totalValue: add(found.stockValue, found.cryptoValue),
      costBasis: found.costBasis,
      flow: found.flow,
      realized: found.realized,
    });
  }
  return days;
}
