import type { HistoryUpdating, PortfolioHistory } from "@ledgerline/contracts";
import type { SnapshotState } from "@ledgerline/db";
import type { UserScope } from "../platform/scope";
import { historyUpdate } from "./history-update";
import { addDays, utcDay } from "./portfolio-valuation";

/**
 * The history-bound reads (the value chart, the returns, each holding's, risk, monthly returns)
 * while a back-dated change's recompute runs (decision 0061, addendum): they answer at once from
 * the days stored before the change instead of waiting for the recompute (seconds at 100,000
 * trades) or replaying every trade, and say so (`updating`). Only when the stored days run
 * through yesterday: with none yet (the first recompute) the reads wait as before.
 */

interface StoredRead {
  from: string;
  /** The snapshot state read once for the request: each snapshot read of the scope takes it. */
  state: SnapshotState;
  /** Whether the read took stale stored days (an account's own replay takes none). */
  used: boolean;
}

const storedReads = new WeakMap<UserScope, StoredRead>();

/**
 * Runs `read` on a scope whose snapshot reads take the stored days as they are while the history
 * is being updated; its answer carries `updating` when it was worked from them.
 */
export async function readStoredWhileUpdating<T extends object>(
  scope: UserScope,
  read: (scope: UserScope) => Promise<T>,
): Promise<T & { updating?: HistoryUpdating }> {
  const { updating, from } = await historyUpdate(scope);
  if (!updating || from === null) return read(scope);
  const state = await scope.deps.repos.snapshots.state(scope.user.id);
  const yesterday = addDays(utcDay(scope.deps.market.clock.now()), -1);
  // No stored history: nothing traded when it was last stored (firstDay null), or none yet.
  if (state?.firstDay == null || state.valuedThrough == null || state.valuedThrough < yesterday) {
    return read(scope);
  }
  // A scope of its own: the flag must not reach the other reads of the same request.
  const stored: UserScope = { ...scope };
  const mark: StoredRead = { from, state, used: false };
  storedReads.set(stored, mark);
  const answer = await read(stored);
  return mark.used ? { ...answer, updating: { from: mark.from } } : answer;
}

/**
 * The stored state, as read once for the request, as a current one for a scope of
 * readStoredWhileUpdating while it is stale; undefined for any other scope (the reads bring the
 * snapshots up to date first). Its version is one no state ever has, so what the kept periods
 * and lines keep from these days is never taken for the recompute's (which stores under the
 * same version).
 */
export function storedStateFor(scope: UserScope): SnapshotState | undefined {
  const mark = storedReads.get(scope);
  if (!mark) return undefined;
  const { state } = mark;
  if (state.staleFrom == null) return state;
  mark.used = true;
  return { ...state, staleFrom: null, version: -1 - state.version };
}

/**
 * The chart's points, and its benchmark's, cut before the first day restated: from it on they
 * are not final (the benchmark's follow the portfolio's flows, the back-dated one missing).
 */
export function finalPoints(answer: PortfolioHistory & { updating?: HistoryUpdating }) {
  const from = answer.updating?.from;
  if (from === undefined) return answer;
  const before = <T extends { date: string }>(points: T[]) =>
    points.filter((point) => point.date < from);
  return {
    ...answer,
    points: before(answer.points),
    benchmark: answer.benchmark && { ...answer.benchmark, points: before(answer.benchmark.points) },
  };
}
