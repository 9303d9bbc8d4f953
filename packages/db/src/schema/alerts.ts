import type { ColumnKit } from "./kit";
import { assetTypes } from "./portfolio";
import type { Owned } from "./investment-accounts";

export const alertConditions = ["above", "below", "move"] as const;
export type AlertCondition = (typeof alertConditions)[number];
/** 'once' fires one time; 'rearm' arms itself again once the price has moved back by a margin. */
export const alertRepeats = ["once", "rearm"] as const;
export type AlertRepeat = (typeof alertRepeats)[number];
export const alertStates = ["armed", "triggered"] as const;
export type AlertState = (typeof alertStates)[number];
/** A price alert fired, or a drift alert (drift-alerts.ts). */
export const notificationKinds = ["alert", "drift"] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export function alertTables(k: ColumnKit, refs: Owned) {
  /**
   * A user's price alert. `value` is a price (above/below) or a percent of the day's move (move),
   * exact decimal text (see @ledgerline/money `toStored`). The state only ever leaves 'armed' by a
   * conditional update, so with several API processes one of them fires it.
   */
  const alerts = k.table(
    "alerts",
    {
      id: k.id(),
      userId: refs.ownerId(),
      symbol: k.text("symbol").notNull(),
      assetType: k.text("asset_type", { enum: assetTypes }).notNull(),
      condition: k.text("condition", { enum: alertConditions }).notNull(),
      value: k.decimal("value").notNull(),
      note: k.text("note"),
      repeat: k.text("repeat", { enum: alertRepeats }).notNull(),
      state: k.text("state", { enum: alertStates }).notNull(),
      triggeredAt: k.instant("triggered_at"),
      triggeredPrice: k.decimal("triggered_price"),
      /** When the last mail for this alert was sent: at most one an hour. */
      lastMailedAt: k.instant("last_mailed_at"),
      createdAt: k.instant("created_at").notNull(),
    },
    (table) => [
      k.index("alerts_user_idx").on(table.userId, table.id),
      k.index("alerts_asset_symbol_idx").on(table.assetType, table.symbol),
    ],
  );

  /** What the navbar bell lists: one row per event a user should see, unread until read. */
  const notifications = k.table(
    "notifications",
    {
      id: k.id(),
      userId: refs.ownerId(),
      kind: k.text("kind", { enum: notificationKinds }).notNull(),
      message: k.text("message").notNull(),
      createdAt: k.instant("created_at").notNull(),
      readAt: k.instant("read_at"),
      alertId: k.integer("alert_id").references(() => alerts.id, { onDelete: "set null" }),
    },
    (table) => [k.index("notifications_user_idx").on(table.userId, table.id)],
  );

  return { alerts, notifications };
}
