import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { assetTypes } from "./portfolio";
import { ownerId } from "./users";

export const alertConditions = ["above", "below", "move"] as const;
export type AlertCondition = (typeof alertConditions)[number];
/** 'once' fires one time; 'rearm' arms itself again once the price has moved back by a margin. */
export const alertRepeats = ["once", "rearm"] as const;
export type AlertRepeat = (typeof alertRepeats)[number];
export const alertStates = ["armed", "triggered"] as const;
export type AlertState = (typeof alertStates)[number];

/**
 * A user's price alert. `value` is a price (above/below) or a percent of the day's move (move),
 * exact decimal text (see @ledgerline/money `toStored`). The state only ever leaves 'armed' by a
 * conditional update, so with several API processes one of them fires it.
 */
export const alerts = sqliteTable(
  "alerts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    symbol: text("symbol").notNull(),
    assetType: text("asset_type", { enum: assetTypes }).notNull(),
    condition: text("condition", { enum: alertConditions }).notNull(),
    value: text("value").notNull(),
    note: text("note"),
    repeat: text("repeat", { enum: alertRepeats }).notNull(),
    state: text("state", { enum: alertStates }).notNull(),
    triggeredAt: integer("triggered_at", { mode: "timestamp_ms" }),
    triggeredPrice: text("triggered_price"),
    /** When the last mail for this alert was sent: at most one an hour. */
    lastMailedAt: integer("last_mailed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("alerts_user_idx").on(table.userId, table.id),
    index("alerts_asset_symbol_idx").on(table.assetType, table.symbol),
  ],
);

/** A price alert fired, or a drift alert (drift-alerts.ts). */
export const notificationKinds = ["alert", "drift"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** What the navbar bell lists: one row per event a user should see, unread until read. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    message: text("message").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
    alertId: integer("alert_id").references(() => alerts.id, { onDelete: "set null" }),
  },
  (table) => [index("notifications_user_idx").on(table.userId, table.id)],
);

export type AlertRow = typeof alerts.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
