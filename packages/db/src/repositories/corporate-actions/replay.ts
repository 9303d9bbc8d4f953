import { fromStored, toStored } from "@ledgerline/money";
import { and, eq } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { changes, locked, type Database, type Work } from "../../database";
import {
  incomeValues,
  type ApplyCorporateActionsOutcome,
  type CorporateActionWrites,
  type ReplayRow,
  type ReplayTarget,
} from "./rows";
import { readRows, rowsVersion, versionOf, writeSplitRow } from "./replay-steps";
import { lockUser } from "../user-lock";

/** Sets the position a split touched to the replay's final holding, when it differs. */
function* writePosition(
  tx: Db,
  { positions }: Tables,
  { userId, accountId, symbol, now }: ReplayTarget,
  final: NonNullable<CorporateActionWrites["position"]>,
): Work<void> {
  const position = yield* locked(
    tx
      .select()
      .from(positions)
      .where(
        and(
          eq(positions.userId, userId),
          eq(positions.accountId, accountId),
          eq(positions.assetType, "STOCK"),
          eq(positions.symbol, symbol),
        ),
      ),
  );
  if (
    position &&
    (fromStored(position.quantity) !== final.quantity ||
      fromStored(position.averagePrice) !== final.averagePrice)
  ) {
    yield* changes(
      tx
        .update(positions)
        .set({
          quantity: toStored(final.quantity),
          averagePrice: toStored(final.averagePrice),
          updatedAt: now,
        })
        .where(eq(positions.id, position.id)),
    );
  }
}

/** Writes what a replay found: the split rows, the position a split touched, dividends. */
function* writeReplayed(
  tx: Db,
  tables: Tables,
  target: ReplayTarget,
  writes: CorporateActionWrites,
): Work<ApplyCorporateActionsOutcome> {
  const { userId, accountId, symbol, now } = target;
  let splitsWritten = 0;
  for (const write of writes.splits) {
    if (yield* writeSplitRow(tx, tables, target, write)) splitsWritten += 1;
  }
  if (writes.position) yield* writePosition(tx, tables, target, writes.position);
  let incomeAdded = 0;
  for (const paid of writes.income) {
    incomeAdded += yield* changes(
      tx
        .insert(tables.incomeEntries)
        .values({
          userId,
          type: "DIVIDEND",
          ...incomeValues({ ...paid, accountId, symbol }),
          manual: false,
          deletedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing(),
    );
  }
  return { splitsWritten, incomeAdded, inconsistent: false };
}

/** The reads and writes of a stock's corporate-action replay in one account. */
export function replayAccess(database: Database) {
  const { tables } = database;
  return {
    /**
     * The stock's rows in one account (SPLIT rows included), in date and id order, and the
     * version they are at: read from one snapshot 1,000 rows a page with turns of the event loop
     * between (200,000 rows after an import), holding off no writer.
     */
    async replayRows(target: ReplayTarget): Promise<{ rows: ReplayRow[]; version: string }> {
      return database.transaction(
        function* (): Work<{ rows: ReplayRow[]; version: string }> {
          const rows = yield* readRows(target, true);
          return { rows, version: versionOf(rows) };
        },
        { readOnly: true, pauses: true },
      );
    },

    /**
     * Writes a replay's changes in a short transaction, if the rows are still at `version`
     * (nothing added or written since they were read); null if not.
     */
    async writeReplay(
      target: ReplayTarget,
      version: string,
      writes: CorporateActionWrites,
    ): Promise<ApplyCorporateActionsOutcome | null> {
      return database.transaction(function* (tx): Work<ApplyCorporateActionsOutcome | null> {
        yield* lockUser(tx, tables, target.userId);
        if ((yield* rowsVersion(tx, tables, target)) !== version) return null;
        return yield* writeReplayed(tx, tables, target, writes);
      });
    },

    /**
     * Reads the rows, replays them (`replay`: what to write, or null when the trades cannot be
     * replayed) and writes the changes in one transaction, which the user's trades wait for.
     */
    async replayLocked(
      target: ReplayTarget,
      replay: (rows: readonly ReplayRow[]) => CorporateActionWrites | null,
    ): Promise<ApplyCorporateActionsOutcome> {
      return database.transaction(function* (tx): Work<ApplyCorporateActionsOutcome> {
        yield* lockUser(tx, tables, target.userId);
        const writes = replay(yield* readRows(target, false));
        return writes
          ? yield* writeReplayed(tx, tables, target, writes)
          : { splitsWritten: 0, incomeAdded: 0, inconsistent: true };
      });
    },
  };
}
