import { fromStored, type Decimal } from "@ledgerline/money";
import { and, eq, gt, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../database";
import { changes, first, locked, raw, type Database, type Work } from "../database";
import { FAR_DAY, type AssetType } from "../schema";

/**
 * Daily holdings snapshots (schema/snapshots.ts): what a recompute stores and what reads take
 * from it. The replay itself lives in the API (services/portfolio-snapshots.ts).
 */

export interface SnapshotState {
  staleFrom: string | null;
  /** The holdings (keys "STOCK:AAPL") whose days are stale from staleFrom; null: all of them. */
  staleHoldings?: string[] | null;
  valuedThrough: string | null;
  firstDay: string | null;
  version: number;
}

export interface HoldingSnapshot {
  assetType: AssetType;
  symbol: string;
  /** The day whose trades left the position so. */
  day: string;
  /** The next day the position changed, or FAR_DAY. */
  until: string;
  quantity: Decimal;
  averagePrice: Decimal;
  lastPrice: Decimal | null;
  realized: Decimal;
}

export interface PortfolioDay {
  day: string;
  stockValue: Decimal;
  cryptoValue: Decimal;
  costBasis: Decimal;
  flow: Decimal;
  realized: Decimal;
  /** The time-weighted growth factor from the first trade to this close (schema/snapshots.ts). */
  growth: Decimal;
}

/** One holding at a day's close (schema/snapshots.ts, holding_days). */
export interface HoldingDay {
  day: string;
  assetType: AssetType;
  symbol: string;
  value: Decimal;
  costBasis: Decimal;
  flow: Decimal;
  realized: Decimal;
  growth: Decimal;
}

export interface SnapshotRebuild {
  userId: number;
  /** The state's version the rebuild started from (null: there was none). */
  version: number | null;
  /** Portfolio days from this day on are replaced. */
  from: string;
  days: PortfolioDay[];
  /**
   * Holding positions and days to store: every holding's from `allHoldingsFrom` on, and those of
   * `restated.holdings` from `restated.from` on (the stored ones there are replaced). Each
   * holding's last stored position before its first new one runs until that one.
   */
  holdings: HoldingSnapshot[];
  holdingDays: HoldingDay[];
  allHoldingsFrom: string;
  restated: { from: string; holdings: { assetType: AssetType; symbol: string }[] } | null;
  valuedThrough: string | null;
  firstDay: string | null;
}

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

const INSERT_BATCH = 500;

interface RawHolding {
  asset_type: AssetType;
  symbol: string;
  day: string;
  until: string;
  quantity: string;
  average_price: string;
  last_price: string | null;
  realized: string;
}

interface RawDay {
  day: string;
  stock_value: string;
  crypto_value: string;
  cost_basis: string;
  flow: string;
  realized: string;
  growth: string;
}

interface RawHoldingDay {
  day: string;
  asset_type: AssetType;
  symbol: string;
  value: string;
  cost_basis: string;
  flow: string;
  realized: string;
  growth: string;
}

// PostgreSQL's numeric reads back in its own text form; fromStored makes it canonical again.
const toHolding = (row: RawHolding): HoldingSnapshot => ({
  assetType: row.asset_type,
  symbol: row.symbol,
  day: row.day,
  until: row.until,
  quantity: fromStored(String(row.quantity)),
  averagePrice: fromStored(String(row.average_price)),
  lastPrice: row.last_price === null ? null : fromStored(String(row.last_price)),
  realized: fromStored(String(row.realized)),
});

const toDay = (row: RawDay): PortfolioDay => ({
  day: row.day,
  stockValue: fromStored(String(row.stock_value)),
  cryptoValue: fromStored(String(row.crypto_value)),
  costBasis: fromStored(String(row.cost_basis)),
  flow: fromStored(String(row.flow)),
  realized: fromStored(String(row.realized)),
  growth: fromStored(String(row.growth)),
});

const toHoldingDay = (row: RawHoldingDay): HoldingDay => ({
  day: row.day,
  assetType: row.asset_type,
  symbol: row.symbol,
  value: fromStored(String(row.value)),
  costBasis: fromStored(String(row.cost_basis)),
  flow: fromStored(String(row.flow)),
  realized: fromStored(String(row.realized)),
  growth: fromStored(String(row.growth)),
});

const HOLDING_DAY_COLUMNS =
  "d.day, d.asset_type, d.symbol, d.value, d.cost_basis, d.flow, d.realized, d.growth";
/** Lists of days are sent in pieces well under either database's limit on parameters. */
const KEYS_PER_QUERY = 1000;
/** Under SQLite's limit of 500 terms in a compound SELECT. */
const LOOKUPS_PER_QUERY = 400;

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

export function snapshotsRepository(database: Database) {
  const { holdingDays, holdingSnapshots, portfolioDays, portfolioSnapshotStates, users } =
    database.tables;

  function* readState(tx: Db, userId: number): Work<SnapshotState | null> {
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
  function cutsOf({ userId, allHoldingsFrom, restated }: SnapshotRebuild) {
    const table = holdingSnapshots;
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
  function* continueLatest(tx: Db, userId: number, rows: HoldingSnapshot[]): Work<void> {
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

  return {
    async state(userId: number): Promise<SnapshotState | null> {
      return database.transaction((tx) => readState(tx, userId), { readOnly: true });
    },

    /** Each symbol's position at the end of `day` (positions opened after it are absent). */
    async holdingsAt(userId: number, day: string): Promise<HoldingSnapshot[]> {
      const rows = await database.query<RawHolding>(
        "SELECT asset_type, symbol, day, until, quantity, average_price, last_price, realized" +
          " FROM holding_snapshots WHERE user_id = ? AND until > ? AND day <= ?",
        [userId, day, day],
      );
      return rows.map(toHolding);
    },

    /** Every symbol's latest position, closed ones included. */
    async currentHoldings(userId: number): Promise<HoldingSnapshot[]> {
      const rows = await database.query<RawHolding>(
        "SELECT asset_type, symbol, day, until, quantity, average_price, last_price, realized" +
          " FROM holding_snapshots WHERE user_id = ? AND until = ?",
        [userId, FAR_DAY],
      );
      return rows.map(toHolding);
    },

    /** The stored days from `from` to `to`, inclusive, oldest first. */
    async days(userId: number, from: string, to: string): Promise<PortfolioDay[]> {
      const rows = await database.query<RawDay>(
        "SELECT day, stock_value, crypto_value, cost_basis, flow, realized, growth" +
          " FROM portfolio_days" +
          " WHERE user_id = ? AND day >= ? AND day <= ? ORDER BY day",
        [userId, from, to],
      );
      return rows.map(toDay);
    },

    /** The stored portfolio days on `days` (those that are stored), oldest first. */
    async daysOn(userId: number, days: readonly string[]): Promise<PortfolioDay[]> {
      if (days.length === 0) return [];
      const found: PortfolioDay[] = [];
      for (let start = 0; start < days.length; start += KEYS_PER_QUERY) {
        const piece = days.slice(start, start + KEYS_PER_QUERY);
        const rows = await database.query<RawDay>(
          "SELECT day, stock_value, crypto_value, cost_basis, flow, realized, growth" +
            ` FROM portfolio_days WHERE user_id = ? AND day IN (${piece.map(() => "?").join(", ")})`,
          [userId, ...piece],
        );
        found.push(...rows.map(toDay));
      }
      return found.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    },

    /**
     * Every holding with a position at the close of `day` (closed ones included), as it stood
     * then: its row of that day if held, else the row of the day its trades closed it (whose
     * growth it keeps while nothing is held).
     */
    async holdingDaysAsOf(userId: number, day: string): Promise<HoldingDay[]> {
      const rows = await database.query<RawHoldingDay>(
        `SELECT ${HOLDING_DAY_COLUMNS} FROM holding_snapshots s JOIN holding_days d` +
          " ON d.user_id = s.user_id AND d.day = ? AND d.asset_type = s.asset_type" +
          " AND d.symbol = s.symbol" +
          " WHERE s.user_id = ? AND s.until > ? AND s.day <= ? AND s.quantity <> 0" +
          ` UNION ALL SELECT ${HOLDING_DAY_COLUMNS} FROM holding_snapshots s JOIN holding_days d` +
          " ON d.user_id = s.user_id AND d.day = s.day AND d.asset_type = s.asset_type" +
          " AND d.symbol = s.symbol" +
          " WHERE s.user_id = ? AND s.until > ? AND s.day <= ? AND s.quantity = 0",
        [day, userId, day, day, userId, day, day],
      );
      return rows.map(toHoldingDay);
    },

    /** The holdings' days with trades after `from` up to `to`, oldest first; only these holdings' if named. */
    async holdingTradeDays(
      userId: number,
      from: string,
      to: string,
      holdings?: readonly { assetType: AssetType; symbol: string }[],
    ): Promise<HoldingDay[]> {
      if (holdings?.length === 0) return [];
      const named = holdings
        ? ` AND d.asset_type || ':' || d.symbol IN (${holdings.map(() => "?").join(", ")})`
        : "";
      const rows = await database.query<RawHoldingDay>(
        `SELECT ${HOLDING_DAY_COLUMNS} FROM holding_days d` +
          " WHERE d.user_id = ? AND d.day > ? AND d.day <= ? AND (d.flow <> 0 OR d.realized <> 0)" +
          named +
          " ORDER BY d.day",
        [userId, from, to, ...(holdings ?? []).map((key) => `${key.assetType}:${key.symbol}`)],
      );
      return rows.map(toHoldingDay);
    },

    /** The stored rows of these holdings on these days (those that are stored). */
    async holdingDaysOn(
      userId: number,
      keys: readonly { day: string; assetType: AssetType; symbol: string }[],
    ): Promise<HoldingDay[]> {
      const found: HoldingDay[] = [];
      // One index lookup per key: an OR of them is a scan of every row of the user on SQLite.
      const lookup =
        `SELECT ${HOLDING_DAY_COLUMNS} FROM holding_days d` +
        " WHERE d.user_id = ? AND d.day = ? AND d.asset_type = ? AND d.symbol = ?";
      for (let start = 0; start < keys.length; start += LOOKUPS_PER_QUERY) {
        const piece = keys.slice(start, start + LOOKUPS_PER_QUERY);
        const rows = await database.query<RawHoldingDay>(
          piece.map(() => lookup).join(" UNION ALL "),
          piece.flatMap((key) => [userId, key.day, key.assetType, key.symbol]),
        );
        found.push(...rows.map(toHoldingDay));
      }
      return found;
    },

    /**
     * Stores a recompute, unless a trade marked the snapshots stale since it began (answers
     * false then: the next recompute starts from that trade's day).
     */
    async save(rebuild: SnapshotRebuild): Promise<boolean> {
      const { userId, from } = rebuild;
      return database.transaction(function* (tx): Work<boolean> {
        // Trades lock the user's row too: none commits between the check and the writes.
        yield* locked(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
        const current = yield* readState(tx, userId);
        if ((current?.version ?? null) !== rebuild.version) return false;

        for (const cut of cutsOf(rebuild)) {
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
                and(
                  cut.of(),
                  lt(holdingSnapshots.day, cut.from),
                  gte(holdingSnapshots.until, cut.from),
                ),
              ),
          );
        }
        yield* continueLatest(tx, userId, rebuild.holdings);
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
            .where(
              and(eq(holdingDays.userId, userId), gte(holdingDays.day, rebuild.allHoldingsFrom)),
            ),
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
      });
    },
  };
}

export type SnapshotsRepository = ReturnType<typeof snapshotsRepository>;
