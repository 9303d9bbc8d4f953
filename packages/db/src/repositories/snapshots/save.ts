import { and, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db, Tables } from "../../database";
import { changes, first, locked, pause, raw, type Database, type Work } from "../../database";
import { FAR_DAY } from "../../schema";
import {
  KEYS_PER_QUERY,
  LOOKUPS_PER_QUERY,
  type HoldingSnapshot,
  type SnapshotRebuild,
  type SnapshotState,
} from "./rows";

const INSERT_BATCH = 500;

/**
 * Rows from which a rebuild is saved in a pausing transaction (TransactionOptions.pauses): on
 * SQLite its INSERTs and COMMIT run on the thread of long writes, beside the event loop. A
 * rebuild after a 100,000-row import is ~190,000 rows: written in one synchronous transaction
 * it held the event loop ~0.7 s (issue 35). A trade's rebuild (a few hundred rows) stays on the
 * event loop, where it takes a few ms and needs no thread.
 */
const PAUSING_ROWS = 5_000;

const HOLDING_COLUMNS = [
  "user_id",
  "asset_type",
  "symbol",
  "day",
  "until",
  "quantity",
  "average_price",
  "last_price",
  "realized",
];
const DAY_COLUMNS = [
  "user_id",
  "day",
  "stock_value",
  "crypto_value",
  "cost_basis",
  "flow",
  "realized",
  "growth",
];
const HOLDING_DAY_INSERT_COLUMNS = [
  "user_id",
  "day",
  "asset_type",
  "symbol",
  "value",
  "cost_basis",
  "flow",
  "realized",
  "growth",
];

/**
 * Inserts rows in batches by hand-written statements, which the SQLite client prepares once per
 * batch size: Drizzle's builder took about 27 µs a row, most of a recompute's write time.
 */
function* insertAll<T>(
  table: string,
  columns: readonly string[],
  rows: readonly T[],
  values: (row: T) => unknown[],
): Work<void> {
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const piece = rows.slice(start, start + INSERT_BATCH);
    yield* raw(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${piece.map(() => tuple).join(", ")}`,
      piece.flatMap(values),
    );
    yield* pause();
  }
}

/**
 * Deletes the restated holdings' days before `allHoldingsFrom` (from it on every holding's go)
 * by key, day by day: holding_days is keyed by day first, so a range from `restated.from` for
 * one holding would read every holding's rows of those days.
 */
function* deleteRestatedDays(
  userId: number,
  { allHoldingsFrom, restated }: SnapshotRebuild,
): Work<void> {
  if (!restated) return;
  const days: string[] = [];
  for (let day = restated.from; day < allHoldingsFrom; day = nextDay(day)) days.push(day);
  for (const { assetType, symbol } of restated.holdings) {
    for (let start = 0; start < days.length; start += KEYS_PER_QUERY) {
      const piece = days.slice(start, start + KEYS_PER_QUERY);
      yield* raw(
        "DELETE FROM holding_days WHERE user_id = ? AND asset_type = ? AND symbol = ?" +
          ` AND day IN (${piece.map(() => "?").join(", ")})`,
        [userId, assetType, symbol, ...piece],
      );
    }
  }
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function* readState(
  tx: Db,
  { portfolioSnapshotStates }: Tables,
  userId: number,
): Work<SnapshotState | null> {
  const row = yield* first(
    tx.select().from(portfolioSnapshotStates).where(eq(portfolioSnapshotStates.userId, userId)),
  );
  return row
    ? {
        staleFrom: row.staleFrom,
        staleHoldings:
          row.staleHoldings === null ? null : [...new Set(row.staleHoldings.split(","))],
        valuedThrough: row.valuedThrough,
        firstDay: row.firstDay,
        version: row.version,
      }
    : null;
}

/**
 * Where a rebuild's positions replace the stored ones: every holding's from
 * `allHoldingsFrom`, each restated holding's from `restated.from`.
 */
function cutsOf(
  { holdingSnapshots: table }: Tables,
  { userId, allHoldingsFrom, restated }: SnapshotRebuild,
) {
  const every = { from: allHoldingsFrom, of: (): SQL => eq(table.userId, userId) };
  const own = (restated?.holdings ?? []).map(({ assetType, symbol }) => ({
    from: restated!.from,
    of: () =>
      and(eq(table.userId, userId), eq(table.assetType, assetType), eq(table.symbol, symbol))!,
  }));
  return [every, ...own];
}

/**
 * Each holding's latest stored position (the one running until FAR_DAY once the rows after
 * the cut are gone) runs until the holding's first new one: one statement over the user's
 * current positions, not one per holding.
 */
function* continueLatest(
  tx: Db,
  { holdingSnapshots }: Tables,
  userId: number,
  rows: HoldingSnapshot[],
): Work<void> {
  const firstNew = new Map<string, string>();
  for (const row of rows) {
    const key = `${row.assetType}:${row.symbol}`;
    if (!firstNew.has(key)) firstNew.set(key, row.day);
  }
  const holding = sql`${holdingSnapshots.assetType} || ':' || ${holdingSnapshots.symbol}`;
  const entries = [...firstNew];
  for (let start = 0; start < entries.length; start += LOOKUPS_PER_QUERY) {
    const piece = entries.slice(start, start + LOOKUPS_PER_QUERY);
    const untilOf = sql.join(
      piece.map(([key, day]) => sql`WHEN ${key} THEN ${day}`),
      sql` `,
    );
    yield* changes(
      tx
        .update(holdingSnapshots)
        .set({ until: sql`CASE ${holding} ${untilOf} END` })
        .where(
          and(
            eq(holdingSnapshots.userId, userId),
            eq(holdingSnapshots.until, FAR_DAY),
            inArray(
              holding,
              piece.map(([key]) => key),
            ),
          ),
        ),
    );
  }
}

/** Replaces the stored positions from the rebuild's cuts on with the rebuild's. */
function* writeHoldings(tx: Db, tables: Tables, rebuild: SnapshotRebuild): Work<void> {
  const { holdingSnapshots } = tables;
  const { userId } = rebuild;
  for (const cut of cutsOf(tables, rebuild)) {
    yield* changes(
      tx.delete(holdingSnapshots).where(
        and(
          cut.of(),
          gte(holdingSnapshots.day, cut.from),
          // Implied (a position runs past its day): lets the every-holding cut read the
          // index of positions by `until`, not every position the user ever had.
          gt(holdingSnapshots.until, cut.from),
        ),
      ),
    );
    // Positions from before the cut run on until their symbol's next new day, if any.
    yield* changes(
      tx
        .update(holdingSnapshots)
        .set({ until: FAR_DAY })
        .where(
          and(cut.of(), lt(holdingSnapshots.day, cut.from), gte(holdingSnapshots.until, cut.from)),
        ),
    );
  }
  yield* continueLatest(tx, tables, userId, rebuild.holdings);
  yield* insertAll("holding_snapshots", HOLDING_COLUMNS, rebuild.holdings, (held) => [
    userId,
    held.assetType,
    held.symbol,
    held.day,
    held.until,
    held.quantity,
    held.averagePrice,
    held.lastPrice,
    held.realized,
  ]);
}

/** Replaces the stored portfolio days and holding days from the rebuild's cuts on. */
function* writeDays(
  tx: Db,
  { holdingDays, portfolioDays }: Tables,
  rebuild: SnapshotRebuild,
): Work<void> {
  const { userId, from } = rebuild;
  yield* changes(
    tx
      .delete(portfolioDays)
      .where(and(eq(portfolioDays.userId, userId), gte(portfolioDays.day, from))),
  );
  yield* insertAll("portfolio_days", DAY_COLUMNS, rebuild.days, (day) => [
    userId,
    day.day,
    day.stockValue,
    day.cryptoValue,
    day.costBasis,
    day.flow,
    day.realized,
    day.growth,
  ]);
  yield* changes(
    tx
      .delete(holdingDays)
      .where(and(eq(holdingDays.userId, userId), gte(holdingDays.day, rebuild.allHoldingsFrom))),
  );
  yield* deleteRestatedDays(userId, rebuild);
  yield* insertAll("holding_days", HOLDING_DAY_INSERT_COLUMNS, rebuild.holdingDays, (day) => [
    userId,
    day.day,
    day.assetType,
    day.symbol,
    day.value,
    day.costBasis,
    day.flow,
    day.realized,
    day.growth,
  ]);
}

/**
 * Stores a recompute, unless a trade marked the snapshots stale since it began (answers
 * false then: the next recompute starts from that trade's day).
 */
export function saveSnapshots(database: Database, rebuild: SnapshotRebuild): Promise<boolean> {
  const { tables } = database;
  const { portfolioSnapshotStates, users } = tables;
  const { userId } = rebuild;
  const rows = rebuild.days.length + rebuild.holdings.length + rebuild.holdingDays.length;
  return database.transaction(
    function* (tx): Work<boolean> {
      // Trades lock the user's row too: none commits between the check and the writes.
      yield* locked(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
      const current = yield* readState(tx, tables, userId);
      if ((current?.version ?? null) !== rebuild.version) return false;
      yield* writeHoldings(tx, tables, rebuild);
      yield* writeDays(tx, tables, rebuild);
      const state = {
        staleFrom: null,
        staleHoldings: null,
        valuedThrough: rebuild.valuedThrough,
        firstDay: rebuild.firstDay,
      };
      yield* changes(
        current
          ? tx
              .update(portfolioSnapshotStates)
              .set(state)
              .where(eq(portfolioSnapshotStates.userId, userId))
          : tx.insert(portfolioSnapshotStates).values({ userId, version: 0, ...state }),
      );
      return true;
    },
    { pauses: rows >= PAUSING_ROWS },
  );
}
