import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { PaidIncome, SnapshotState } from "@ledgerline/db";
import { openPeriod, type OpenPeriod } from "./period-returns";
import { storedDays } from "./stored-days";
import { addDays, utcDay, type ValuedDay } from "./portfolio-valuation";
import type { AppDeps } from "../platform/scope";

/**
 * The portfolio's returns over a period worked through its stored days, kept between reads
 * (issue 15): over five years of a heavy trader that is 1,800 days, each with trades, whose
 * sub-periods and flows took most of a read to rebuild. A read adds today's live close to them
 * (closePeriod). What is kept stands while the snapshots' state (a trade bumps its version, a new
 * day or a recompute moves valuedThrough), the period and the dividends paid in it do.
 */

export interface KeptPeriod {
  /** The first day, whose close the period starts from. */
  first: ValuedDay;
  open: OpenPeriod;
}

interface Kept {
  key: string;
  /** The day the period was last read on: its today. */
  endDate: string;
  period: Promise<KeptPeriod>;
}

/** Periods kept (a user's ranges count apart); the least recently read go first. */
const KEPT_PERIODS = 64;

const kept = new WeakMap<AppDeps, Map<string, Kept>>();

/**
 * The period from `startDate` to today (`endDate`) worked through yesterday, from the stored days
 * of `state` (current: through yesterday); `startDate` is before today.
 */
export function keptPeriod(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
  startDate: string,
  endDate: string,
  dividends: readonly PaidIncome[],
): Promise<KeptPeriod> {
  const mine = kept.get(deps) ?? new Map<string, Kept>();
  kept.set(deps, mine);
  const slot = `${userId}:${startDate}`;
  const key = `${state.version}:${state.valuedThrough}:${endDate}:${JSON.stringify(dividends)}`;
  let found = mine.get(slot);
  if (found?.key !== key) {
    const fresh: Kept = {
      key,
      endDate,
      period: workedThrough(deps, userId, startDate, endDate, dividends),
    };
    fresh.period.catch(() => mine.get(slot) === fresh && mine.delete(slot));
    found = fresh;
  }
  // Most recently read last.
  mine.delete(slot);
  mine.set(slot, found);
  while (mine.size > KEPT_PERIODS) mine.delete(mine.keys().next().value!);
  return found.period;
}

/**
 * After a recompute made `state`: each period the user's reads kept is worked through it now, off
 * the request path, so the first read after a trade adds today's close as cheaply as the next.
 * A period whose dividends a read then sees otherwise is worked through again by that read.
 */
export async function workKeptPeriodsThrough(
  deps: AppDeps,
  userId: number,
  state: SnapshotState,
): Promise<void> {
  const endDate = utcDay(deps.market.clock.now());
  const mine = kept.get(deps);
  // Those read today: a range read on an earlier day starts elsewhere today.
  const starts = [...(mine ?? [])]
    .filter(([slot, found]) => slot.startsWith(`${userId}:`) && found.endDate === endDate)
    .map(([slot]) => slot.slice(slot.indexOf(":") + 1));
  for (const startDate of starts) {
    try {
      const dividends = await deps.repos.corporateActions.incomePaid(userId, {
        from: startDate,
        to: endDate,
      });
      await keptPeriod(deps, userId, state, startDate, endDate, dividends);
    } catch (error) {
      deps.logger.warn({ err: error, userId }, "returns not worked through; the next read does");
    }
  }
}

async function workedThrough(
  deps: AppDeps,
  userId: number,
  startDate: string,
  endDate: string,
  dividends: readonly PaidIncome[],
): Promise<KeptPeriod> {
  const days = await storedDays(deps, userId, startDate, addDays(endDate, -1));
  // Reading a long period and working through it each take tens of milliseconds without an
  // await that waits: other requests get their turn between the two.
  await yieldToEventLoop();
  return {
    first: days[0]!,
    open: openPeriod(
      days.map((day) => ({ ...day, value: day.totalValue })),
      dividends,
      endDate,
    ),
  };
}
