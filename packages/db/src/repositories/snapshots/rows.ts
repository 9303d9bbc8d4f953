import { fromStored, type Decimal } from "@ledgerline/money";
import type { AssetType } from "../../schema";

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

export interface RawHolding {
  asset_type: AssetType;
  symbol: string;
  day: string;
  until: string;
  quantity: string;
  average_price: string;
  last_price: string | null;
  realized: string;
}

export interface RawDay {
  day: string;
  stock_value: string;
  crypto_value: string;
  cost_basis: string;
  flow: string;
  realized: string;
  growth: string;
}

export interface RawHoldingDay {
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
export const toHolding = (row: RawHolding): HoldingSnapshot => ({
  assetType: row.asset_type,
  symbol: row.symbol,
  day: row.day,
  until: row.until,
  quantity: fromStored(String(row.quantity)),
  averagePrice: fromStored(String(row.average_price)),
  lastPrice: row.last_price === null ? null : fromStored(String(row.last_price)),
  realized: fromStored(String(row.realized)),
});

export const toDay = (row: RawDay): PortfolioDay => ({
  day: row.day,
  stockValue: fromStored(String(row.stock_value)),
  cryptoValue: fromStored(String(row.crypto_value)),
  costBasis: fromStored(String(row.cost_basis)),
  flow: fromStored(String(row.flow)),
  realized: fromStored(String(row.realized)),
  growth: fromStored(String(row.growth)),
});

export const toHoldingDay = (row: RawHoldingDay): HoldingDay => ({
  day: row.day,
  assetType: row.asset_type,
  symbol: row.symbol,
  value: fromStored(String(row.value)),
  costBasis: fromStored(String(row.cost_basis)),
  flow: fromStored(String(row.flow)),
  realized: fromStored(String(row.realized)),
  growth: fromStored(String(row.growth)),
});

export const HOLDING_DAY_COLUMNS =
  "d.day, d.asset_type, d.symbol, d.value, d.cost_basis, d.flow, d.realized, d.growth";
/** Lists of days are sent in pieces well under either database's limit on parameters. */
export const KEYS_PER_QUERY = 1000;
/** Under SQLite's limit of 500 terms in a compound SELECT. */
export const LOOKUPS_PER_QUERY = 400;
