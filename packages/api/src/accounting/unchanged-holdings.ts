import type { AssetType, SnapshotState } from "@ledgerline/db";
import { subtract, type Decimal } from "@ledgerline/money";
import { addDays, holdingOfKey, type TradeLedger } from "./portfolio-valuation";
import type { AppDeps } from "../platform/scope";

/**
 * A trade changes only its own holding's positions and days (each holding's trades move only its
 * own position), so a recompute of stored history after trades that name their holdings values
 * those holdings alone: the portfolio's days are the stored ones with the other holdings' part
 * taken as stored. A trade back-dated a year then values one holding's year, not 200 holdings'
 * (about 1.6 of 1.8 seconds of a recompute at 100,000 trades), and the reads waiting for it are
 * answered that much sooner.
 */

/** The portfolio's figures of a day but for some holdings. */
export interface OtherHoldingsDay {
  stockValue: Decimal;
  cryptoValue: Decimal;
  costBasis: Decimal;
  flow: Decimal;
  realized: Decimal;
}

/**
 * The holdings a recompute from `from` has to value, when only some: its trades named them, every
 * day from `from` to yesterday is stored, and the first trade's day stays (else null: all).
 */
export function onlyRestated(
  state: SnapshotState | null,
  from: string,
  yesterday: string,
): Set<string> | null {
  if (state?.staleFrom == null || !state.staleHoldings || state.valuedThrough !== yesterday) {
    return null;
  }
  if (state.firstDay === null || from <= state.firstDay) return null;
  return new Set(state.staleHoldings);
}

/**
 * Each stored day from `from` to `to` less the stored days of the `restated` holdings; null if a
 * day is not stored (the recompute then values every holding).
 */
export async function otherHoldingsDays(
  deps: AppDeps,
  userId: number,
  restated: ReadonlySet<string>,
  from: string,
  to: string,
): Promise<Map<string, OtherHoldingsDay> | null> {
  const keys: { day: string; assetType: AssetType; symbol: string }[] = [];
  let count = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    count += 1;
    for (const key of restated) keys.push({ day, ...holdingOfKey(key) });
  }
  const [days, rows] = await Promise.all([
    deps.repos.snapshots.days(userId, from, to),
    deps.repos.snapshots.holdingDaysOn(userId, keys),
  ]);
  if (days.length !== count) return null;
  const others = new Map<string, OtherHoldingsDay>(
    days.map(({ day, stockValue, cryptoValue, costBasis, flow, realized }) => [
      day,
      { stockValue, cryptoValue, costBasis, flow, realized },
    ]),
  );
  for (const row of rows) {
    const other = others.get(row.day)!;
    if (row.assetType === "STOCK") other.stockValue = subtract(other.stockValue, row.value);
    else other.cryptoValue = subtract(other.cryptoValue, row.value);
    other.costBasis = subtract(other.costBasis, row.costBasis);
    other.flow = subtract(other.flow, row.flow);
    other.realized = subtract(other.realized, row.realized);
  }
  return others;
}

/** The ledger's holdings to value on a day: all of them, or only those named. */
export function* valuedHoldings(ledger: TradeLedger, only: ReadonlySet<string> | null) {
  if (!only) {
    yield* ledger.holdings;
    return;
  }
  for (const key of only) {
    const held = ledger.holdings.get(key);
    if (held) yield [key, held] as const;
  }
}
