import type { TargetDimension } from "@ledgerline/contracts";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { alertRepeats, alertStates } from "./alerts";
import { ownerId } from "./users";

/**
 * A person's drift alert (issue 33): notify when any slice of their target mix for one dimension
 * is more than `points` percentage points off its target. One per user and dimension. It fires
 * and re-arms as a price alert does (decision 0049): `state` only leaves 'armed' by a conditional
 * update, so with several processes one of them fires it.
 */
export const driftAlerts = sqliteTable(
  "drift_alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    by: text("by").$type<TargetDimension>().notNull(),
    /** Percentage points, exact decimal text: "5" fires when a weight is 5.01 points off. */
    points: text("points").notNull(),
    repeat: text("repeat", { enum: alertRepeats }).notNull(),
    state: text("state", { enum: alertStates }).notNull(),
    triggeredAt: integer("triggered_at", { mode: "timestamp_ms" }),
    /** How many points off the furthest slice was when it fired. */
    triggeredDrift: text("triggered_drift"),
    /** When the last mail for this alert was sent: at most one an hour. */
    lastMailedAt: integer("last_mailed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [uniqueIndex("drift_alerts_user_by_idx").on(table.userId, table.by)],
);

export type DriftAlertRow = typeof driftAlerts.$inferSelect;
