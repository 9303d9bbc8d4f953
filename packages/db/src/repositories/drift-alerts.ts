import type { TargetDimension } from "@ledgerline/contracts";
import { fromStored, toStored, type Decimal } from "@ledgerline/money";
import { and, asc, eq, or } from "drizzle-orm";
import { alertStateRows } from "./alerts";
import { first, type Database } from "../database";
import type { AlertRepeat, AlertState, DriftAlertRow, NotificationRow } from "../schema";

/** A drift alert as the domain sees it: decimals in canonical form. */
export interface DriftAlert {
  id: number;
  userId: number;
  by: TargetDimension;
  points: Decimal;
  repeat: AlertRepeat;
  state: AlertState;
  triggeredAt: Date | null;
  triggeredDrift: Decimal | null;
  createdAt: Date;
}

function toDriftAlert(row: DriftAlertRow): DriftAlert {
  return {
    id: row.id,
    userId: row.userId,
    by: row.by,
    points: fromStored(row.points),
    repeat: row.repeat,
    state: row.state,
    triggeredAt: row.triggeredAt,
    triggeredDrift: row.triggeredDrift === null ? null : fromStored(row.triggeredDrift),
    createdAt: row.createdAt,
  };
}

/**
 * Drift alerts (issue 33): a user's own, scoped by their id, one per dimension; the evaluator's
 * writes by the alert's id, each a conditional update as the price alerts' are (alerts.ts).
 */
export function driftAlertsRepository(database: Database) {
  const { db } = database;
  const { driftAlerts: table } = database.tables;
  const of = (userId: number, by: TargetDimension) =>
    and(eq(table.userId, userId), eq(table.by, by));

  return {
    async list(userId: number): Promise<DriftAlert[]> {
      const rows = await database.all(
        db.select().from(table).where(eq(table.userId, userId)).orderBy(asc(table.by)),
      );
      return rows.map(toDriftAlert);
    },

    /** Sets the dimension's alert, armed afresh (a changed threshold is a new alert). */
    async put(
      userId: number,
      by: TargetDimension,
      alert: { points: Decimal; repeat: AlertRepeat },
      now: Date,
    ): Promise<DriftAlert> {
      const armed = {
        points: toStored(alert.points),
        repeat: alert.repeat,
        state: "armed" as const,
        triggeredAt: null,
        triggeredDrift: null,
      };
      const row = await database.first(
        db
          .insert(table)
          .values({ userId, by, ...armed, createdAt: now })
          .onConflictDoUpdate({ target: [table.userId, table.by], set: armed })
          .returning(),
      );
      return toDriftAlert(row);
    },

    /** False when the user has no alert on the dimension. */
    async remove(userId: number, by: TargetDimension): Promise<boolean> {
      return (await database.changes(db.delete(table).where(of(userId, by)))) > 0;
    },

    /** Every alert that can still fire or re-arm: what the market refresher checks. */
    async watchable(): Promise<DriftAlert[]> {
      const rows = await database.all(
        db
          .select()
          .from(table)
          .where(or(eq(table.state, "armed"), eq(table.repeat, "rearm"))),
      );
      return rows.map(toDriftAlert);
    },

    ...driftAlertFiring(database),
    ...alertStateRows(database, table),
  };
}

/** The evaluator's write when an alert fires: the alert and its notification together. */
function driftAlertFiring(database: Database) {
  const { driftAlerts: table, notifications } = database.tables;
  return {
    /**
     * Fires an armed alert and records its notification in one transaction; null when another
     * process fired it first (the update matches only while it is armed).
     */
    async trigger(
      id: number,
      drift: Decimal,
      at: Date,
      message: string,
    ): Promise<NotificationRow | null> {
      return database.transaction(function* (tx) {
        const won = yield* first(
          tx
            .update(table)
            .set({ state: "triggered", triggeredAt: at, triggeredDrift: toStored(drift) })
            .where(and(eq(table.id, id), eq(table.state, "armed")))
            .returning({ userId: table.userId }),
        );
        if (!won) return null;
        return yield* first(
          tx
            .insert(notifications)
            .values({ userId: won.userId, kind: "drift", message, createdAt: at })
            .returning(),
        );
      });
    },
  };
}

export type DriftAlertsRepository = ReturnType<typeof driftAlertsRepository>;
