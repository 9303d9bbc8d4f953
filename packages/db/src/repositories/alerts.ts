import { fromStored, toStored, type Decimal } from "@ledgerline/money";
import { and, desc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { first, type Database } from "../database";
import { holdsLimit } from "./user-limit";
import type {
  AlertCondition,
  AlertRepeat,
  AlertRow,
  AlertState,
  AssetType,
  NotificationRow,
} from "../schema";

export interface NewAlert {
  symbol: string;
  assetType: AssetType;
  condition: AlertCondition;
  value: Decimal;
  note: string | null;
  repeat: AlertRepeat;
}

/** An alert as the domain sees it: decimals in canonical form. */
export interface Alert extends NewAlert {
  id: number;
  userId: number;
  state: AlertState;
  triggeredAt: Date | null;
  triggeredPrice: Decimal | null;
  createdAt: Date;
}

export type AlertCreation = { ok: true; alert: Alert } | { ok: false; reason: "limit" };

function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    userId: row.userId,
    symbol: row.symbol,
    assetType: row.assetType,
    condition: row.condition,
    value: fromStored(row.value),
    note: row.note,
    repeat: row.repeat,
    state: row.state,
    triggeredAt: row.triggeredAt,
    triggeredPrice: row.triggeredPrice === null ? null : fromStored(row.triggeredPrice),
    createdAt: row.createdAt,
  };
}

/** Reads and writes a user makes are scoped by their id; the evaluator's by the alert's id. */
export function alertsRepository(database: Database) {
  return { ...userAlertRows(database), ...alertWatchRows(database), ...alertFiringRows(database) };
}

/** A user's own alerts, scoped by their id. */
function userAlertRows(database: Database) {
  const { db } = database;
  const { alerts } = database.tables;

  return {
    async list(userId: number): Promise<Alert[]> {
      const rows = await database.all(
        db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.id)),
      );
      return rows.map(toAlert);
    },

    async find(userId: number, id: number): Promise<Alert | undefined> {
      const row = await database.first(
        db
          .select()
          .from(alerts)
          .where(and(eq(alerts.userId, userId), eq(alerts.id, id))),
      );
      return row && toAlert(row);
    },

    /** Adds an armed alert unless the user already has `limit` (counted in the same transaction). */
    async create(
      userId: number,
      alert: NewAlert,
      limit: number,
      now: Date,
    ): Promise<AlertCreation> {
      return database.transaction(function* (tx) {
        if (yield* holdsLimit(tx, alerts, userId, limit)) {
          return { ok: false, reason: "limit" } as const;
        }
        const row = yield* first(
          tx
            .insert(alerts)
            .values({
              userId,
              symbol: alert.symbol,
              assetType: alert.assetType,
              condition: alert.condition,
              value: toStored(alert.value),
              note: alert.note,
              repeat: alert.repeat,
              state: "armed",
              createdAt: now,
            })
            .returning(),
        );
        return { ok: true, alert: toAlert(row) } as const;
      });
    },

    /** The removed alert, or undefined when the user has no alert with this id. */
    async remove(userId: number, id: number): Promise<Alert | undefined> {
      const removed = await database.first(
        db
          .delete(alerts)
          .where(and(eq(alerts.userId, userId), eq(alerts.id, id)))
          .returning(),
      );
      return removed && toAlert(removed);
    },
  };
}

/** What live ticks and the refresher check against. */
function alertWatchRows(database: Database) {
  const { db } = database;
  const { alerts } = database.tables;

  return {
    /** Every alert on one asset: what a price update of it is checked against. */
    async forSymbol(assetType: AssetType, symbol: string): Promise<Alert[]> {
      const rows = await database.all(
        db
          .select()
          .from(alerts)
          .where(and(eq(alerts.assetType, assetType), eq(alerts.symbol, symbol))),
      );
      return rows.map(toAlert);
    },

    /** Every alert that can still fire or re-arm: what live ticks are checked against. */
    async watchable(): Promise<Alert[]> {
      const rows = await database.all(
        db
          .select()
          .from(alerts)
          .where(or(eq(alerts.state, "armed"), eq(alerts.repeat, "rearm"))),
      );
      return rows.map(toAlert);
    },

    /** The symbols that have an alert that can still fire: what the refresher keeps fresh. */
    async distinctSymbols(assetType: AssetType): Promise<string[]> {
      const rows = await database.all(
        db
          .selectDistinct({ symbol: alerts.symbol })
          .from(alerts)
          .where(
            and(
              eq(alerts.assetType, assetType),
              or(eq(alerts.state, "armed"), eq(alerts.repeat, "rearm")),
            ),
          ),
      );
      return rows.map((row) => row.symbol);
    },
  };
}

/** What firing an alert writes: its trigger, re-arming, the mail claim. */
function alertFiringRows(database: Database) {
  const { alerts, notifications } = database.tables;

  return {
    /**
     * Fires an armed alert and records its notification, in one transaction. The update only
     * matches while the alert is armed, so of several processes seeing the same crossing exactly
     * one gets the notification back; the others get null.
     */
    async trigger(
      id: number,
      price: Decimal,
      at: Date,
      message: string,
    ): Promise<NotificationRow | null> {
      return database.transaction(function* (tx) {
        const won = yield* first(
          tx
            .update(alerts)
            .set({ state: "triggered", triggeredAt: at, triggeredPrice: toStored(price) })
            .where(and(eq(alerts.id, id), eq(alerts.state, "armed")))
            .returning({ userId: alerts.userId }),
        );
        if (!won) return null;
        return yield* first(
          tx
            .insert(notifications)
            .values({ userId: won.userId, kind: "alert", message, createdAt: at, alertId: id })
            .returning(),
        );
      });
    },

    ...alertStateRows(database, alerts),
  };
}

/**
 * What a price alert and a drift alert (drift-alerts.ts) both write by id: re-arming, and the
 * claim on the hourly mail; each a conditional update, so of several processes one wins.
 */
export function alertStateRows(
  database: Database,
  table: Database["tables"]["alerts"] | Database["tables"]["driftAlerts"],
) {
  const { db } = database;
  return {
    /** Arms a triggered re-arming alert again; false when it was not (or no longer) triggered. */
    async rearm(id: number): Promise<boolean> {
      const rearmed = await database.changes(
        db
          .update(table)
          .set({ state: "armed" })
          .where(and(eq(table.id, id), eq(table.state, "triggered"), eq(table.repeat, "rearm"))),
      );
      return rearmed > 0;
    },

    /** Claims the right to mail about an alert: true at most once per `gapMs`, across processes. */
    async claimMail(id: number, now: Date, gapMs: number): Promise<boolean> {
      const since = new Date(now.getTime() - gapMs);
      const claimed = await database.changes(
        db
          .update(table)
          .set({ lastMailedAt: now })
          .where(
            and(eq(table.id, id), or(isNull(table.lastMailedAt), lte(table.lastMailedAt, since))),
          ),
      );
      return claimed > 0;
    },
  };
}

export function notificationsRepository(database: Database) {
  const { db } = database;
  const { notifications } = database.tables;
  return {
    /** Newest first. */
    async list(userId: number, limit: number): Promise<NotificationRow[]> {
      return database.all(
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.id))
          .limit(limit),
      );
    },

    /** Marks the given notifications (or all) of the user read; answers how many were unread. */
    async markRead(userId: number, ids: readonly number[] | undefined, now: Date): Promise<number> {
      return database.changes(
        db
          .update(notifications)
          .set({ readAt: now })
          .where(
            and(
              eq(notifications.userId, userId),
              isNull(notifications.readAt),
              ids === undefined ? undefined : inArray(notifications.id, [...ids]),
            ),
          ),
      );
    },
  };
}

export type AlertsRepository = ReturnType<typeof alertsRepository>;
export type NotificationsRepository = ReturnType<typeof notificationsRepository>;
