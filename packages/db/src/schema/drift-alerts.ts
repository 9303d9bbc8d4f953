import type { TargetDimension } from "@ledgerline/contracts";
import { alertRepeats, alertStates } from "./alerts";
import type { Owned } from "./investment-accounts";
import type { ColumnKit } from "./kit";

export function driftAlertTables(k: ColumnKit, refs: Owned) {
  /**
   * A person's drift alert (issue 33): notify when any slice of their target mix for one dimension
   * is more than `points` percentage points off its target. One per user and dimension. It fires
   * and re-arms as a price alert does (decision 0049): `state` only leaves 'armed' by a conditional
   * update, so with several processes one of them fires it.
   */
  const driftAlerts = k.table(
    "drift_alerts",
    {
      id: k.id(),
      userId: refs.ownerId(),
      by: k.text("by").$type<TargetDimension>().notNull(),
      /** Percentage points, exact decimal text: "5" fires when a weight is 5.01 points off. */
      points: k.decimal("points").notNull(),
      repeat: k.text("repeat", { enum: alertRepeats }).notNull(),
      state: k.text("state", { enum: alertStates }).notNull(),
      triggeredAt: k.instant("triggered_at"),
      /** How many points off the furthest slice was when it fired. */
      triggeredDrift: k.decimal("triggered_drift"),
      /** When the last mail for this alert was sent: at most one an hour. */
      lastMailedAt: k.instant("last_mailed_at"),
      createdAt: k.instant("created_at").notNull(),
    },
    (table) => [k.uniqueIndex("drift_alerts_user_by_idx").on(table.userId, table.by)],
  );
  return { driftAlerts };
}
