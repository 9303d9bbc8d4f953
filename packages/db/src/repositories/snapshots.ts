import { raw, type Database, type Work } from "../database";
import type { AssetType } from "../schema";
import { dayReads, holdingDayReads } from "./snapshots/reads";
import type { SnapshotRebuild, SnapshotState } from "./snapshots/rows";
import { readState, saveSnapshots } from "./snapshots/save";

export type * from "./snapshots/rows";

/**
 * Daily holdings snapshots (schema/snapshots.ts): what a recompute stores and what reads take
 * from it. The replay itself lives in the API (services/portfolio-snapshots.ts).
 */

/** A day as the replay counts it: the UTC date of the instant. */
export const snapshotDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Marks the user's snapshots stale from the day of `at` on, in the transaction that writes the
 * trade, so no recompute that started before it can store a result that misses it.
 */
export function* markSnapshotsStale(
  userId: number,
  at: Date,
  holding?: { assetType: AssetType; symbol: string },
): Work<void> {
  const day = snapshotDay(at);
  const only = holding ? `${holding.assetType}:${holding.symbol}` : null;
  // Stale holdings add up while a recompute has not run; once all are stale (null), all stay.
  yield* raw(
    "INSERT INTO portfolio_snapshot_states" +
      " (user_id, stale_from, valued_through, first_day, stale_holdings, version)" +
      " VALUES (?, ?, NULL, NULL, ?, 1) ON CONFLICT (user_id) DO UPDATE SET" +
      " stale_holdings = CASE WHEN portfolio_snapshot_states.stale_from IS NULL" +
      " THEN excluded.stale_holdings" +
      " WHEN portfolio_snapshot_states.stale_holdings IS NULL OR excluded.stale_holdings IS NULL" +
      " THEN NULL" +
      " ELSE portfolio_snapshot_states.stale_holdings || ',' || excluded.stale_holdings END," +
      " stale_from = CASE WHEN portfolio_snapshot_states.stale_from IS NULL" +
      " OR portfolio_snapshot_states.stale_from > excluded.stale_from" +
      " THEN excluded.stale_from ELSE portfolio_snapshot_states.stale_from END," +
      " version = portfolio_snapshot_states.version + 1 RETURNING user_id",
    [userId, day, only],
  );
}

export function snapshotsRepository(database: Database) {
  return {
    async state(userId: number): Promise<SnapshotState | null> {
      return database.transaction((tx) => readState(tx, database.tables, userId), {
        readOnly: true,
      });
    },
    ...dayReads(database),
    ...holdingDayReads(database),
    /** Stores a recompute, unless a trade marked the snapshots stale since it began. */
    save: (rebuild: SnapshotRebuild) => saveSnapshots(database, rebuild),
  };
}

export type SnapshotsRepository = ReturnType<typeof snapshotsRepository>;
