import { assetTypes } from "./portfolio";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

/**
 * Daily holdings snapshots (issue 15): the portfolio's trades replayed once and kept, so the
 * value history, the returns and the summary read them instead of replaying every trade per
 * request. Days are YYYY-MM-DD (UTC, as the replay counts them). Amounts are exact canonical
 * decimal text here (numeric on PostgreSQL), not `toStored`'s fixed width: values and cost bases
 * carry more than 16 decimals (quantity x a 16-decimal average price) and realized gains and flows
 * are signed; these columns are never sorted or range-scanned by value.
 */

export function snapshotTables(k: ColumnKit, refs: Owned) {
  /**
   * One symbol's position at the end of each day its trades changed it, valid until `until` (the
   * next such day; FAR_DAY while current), so "what was held at the end of day X" and "what is
   * held now" are index ranges of a few hundred rows, not scans of the whole history.
   */
  const holdingSnapshots = k.table(
    "holding_snapshots",
    {
      userId: refs.ownerId(),
      assetType: k.text("asset_type", { enum: assetTypes }).notNull(),
      symbol: k.text("symbol").notNull(),
      day: k.text("day").notNull(),
      until: k.text("until").notNull(),
      quantity: k.decimal("quantity").notNull(),
      averagePrice: k.decimal("average_price").notNull(),
      /** The last trade's price, the replay's fallback when a day has no close. */
      lastPrice: k.decimal("last_price"),
      /** Gain realized by this symbol's sells so far, closed positions included. */
      realized: k.decimal("realized").notNull(),
    },
    (table) => [
      k.primaryKey({ columns: [table.userId, table.assetType, table.symbol, table.day] }),
      k.index("holding_snapshots_user_until_idx").on(table.userId, table.until),
    ],
  );

  /** The portfolio at each day's close, from the first trade's day to the last complete day. */
  const portfolioDays = k.table(
    "portfolio_days",
    {
      userId: refs.ownerId(),
      day: k.text("day").notNull(),
      stockValue: k.decimal("stock_value").notNull(),
      cryptoValue: k.decimal("crypto_value").notNull(),
      costBasis: k.decimal("cost_basis").notNull(),
      /** Buys at cost less sells' proceeds that day. */
      flow: k.decimal("flow").notNull(),
      /** Gain realized by that day's sells. */
      realized: k.decimal("realized").notNull(),
      /** The time-weighted growth factor from the first trade to this close (see GROWTH below). */
      growth: k.decimal("growth").notNull(),
    },
    (table) => [k.primaryKey({ columns: [table.userId, table.day] })],
  );

  /**
   * One holding at each day's close, on every day it is held at the close or traded: what each
   * holding's returns read, as the portfolio's read portfolio_days. Keyed by day first, so "every
   * holding at the close of day X" is one index range. The migration makes it WITHOUT ROWID (which
   * drizzle-kit cannot declare): a period's rows are then read in key order from the table itself,
   * not looked up one by one from its key's index (7x the CPU over a year of 200 holdings).
   *
   * GROWTH (here and in portfolio_days): the product of every day's time-weighted factor from the
   * first trade up to this close, kept as exact decimal text rounded half-up to 20 decimals after
   * each day's multiplication (the places each sub-period's factor is carried to in
   * money/returns.ts). A day's factor is (close value - the day's trade flow) / the previous close;
   * a buy into nothing held starts at the money put in (close value / flow); a day with nothing
   * held before it and no buy is 1. Dividends are not in it: they are the user's income entries,
   * which change apart from the trades, and are applied to the ratio when a period is read. So the
   * time-weighted return of any period is growth at its end / growth at its start, times its
   * dividends' factors, less 1.
   */
  const holdingDays = k.table(
    "holding_days",
    {
      userId: refs.ownerId(),
      day: k.text("day").notNull(),
      assetType: k.text("asset_type", { enum: assetTypes }).notNull(),
      symbol: k.text("symbol").notNull(),
      value: k.decimal("value").notNull(),
      costBasis: k.decimal("cost_basis").notNull(),
      /** Buys at cost less sells' proceeds that day. */
      flow: k.decimal("flow").notNull(),
      /** Gain realized by that day's sells. */
      realized: k.decimal("realized").notNull(),
      growth: k.decimal("growth").notNull(),
    },
    (table) => [
      k.primaryKey({ columns: [table.userId, table.day, table.assetType, table.symbol] }),
    ],
  );

  /**
   * How far a user's snapshots can be trusted. A trade (new, back-dated, or a split rewritten)
   * moves `staleFrom` back to its day and bumps `version` in its own transaction; a recompute
   * rebuilds from there and stores its result only if `version` did not move meanwhile.
   * `valuedThrough` is the last day of portfolio_days that is complete (null: nothing yet).
   */
  const portfolioSnapshotStates = k.table(
    "portfolio_snapshot_states",
    {
      userId: refs.ownerId(),
      staleFrom: k.text("stale_from"),
      valuedThrough: k.text("valued_through"),
      /** The day of the user's first trade (null: none). */
      firstDay: k.text("first_day"),
      /**
       * The holdings whose days are stale from staleFrom ("STOCK:AAPL,CRYPTO:BTC"), or null for
       * all of them: a trade changes only its own holding's days (and the portfolio's).
       */
      staleHoldings: k.text("stale_holdings"),
      version: k.integer("version").notNull(),
    },
    (table) => [k.primaryKey({ columns: [table.userId] })],
  );
  return { holdingSnapshots, portfolioDays, holdingDays, portfolioSnapshotStates };
}

/** `until` of a holding snapshot that is still current. */
export const FAR_DAY = "9999-12-31";
