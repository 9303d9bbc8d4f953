import type { HistoryUpdate } from "@ledgerline/contracts";
import type { UserScope } from "../platform/scope";
import { utcDay } from "./portfolio-valuation";

/**
 * Whether the user's snapshots are being recomputed, and from which day. A trade (or an import,
 * a split, an account move) marks them stale from its day in its own transaction and queues the
 * recompute; the recompute clears the mark when it stores. So the mark is the answer in every
 * process, with Redis or without, whichever worker runs the job, and reading it never waits for
 * the recompute. A mark from today restates no closed day (today is valued live): not an update.
 */
export async function historyUpdate({ deps, user }: UserScope): Promise<HistoryUpdate> {
  const state = await deps.repos.snapshots.state(user.id);
  const stale = state?.staleFrom ?? null;
  const from = stale !== null && stale < utcDay(deps.market.clock.now()) ? stale : null;
  return { updating: from !== null, from };
}
