import type { Database } from "../../database";
import { FAR_DAY, type AssetType } from "../../schema";
import {
  HOLDING_DAY_COLUMNS,
  KEYS_PER_QUERY,
  LOOKUPS_PER_QUERY,
  toDay,
  toHolding,
  toHoldingDay,
  type HoldingDay,
  type HoldingSnapshot,
  type PortfolioDay,
  type RawDay,
  type RawHolding,
  type RawHoldingDay,
} from "./rows";

/** Reads of the stored positions and portfolio days. */
export function dayReads(database: Database) {
  return {
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
  };
}

/** Reads of the stored holding days: as of a day, with trades, or by key. */
export function holdingDayReads(database: Database) {
  return {
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
  };
}
