import type { CompanyDetails } from "@ledgerline/contracts";
import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Market data the server fetched once and keeps, so charts and company pages never refetch
 * history. `source` is the provider's id ("polygon", "sim:<seed>"): data from different
 * providers or seeds never mix. Prices are canonical decimal text, never REAL.
 */
export const marketDailyBars = sqliteTable(
  "market_daily_bars",
  {
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    /** The New York trading date, YYYY-MM-DD. */
    date: text("date").notNull(),
    /** The provider's bar timestamp (Unix ms). */
    startsAt: integer("starts_at").notNull(),
    open: text("open").notNull(),
    high: text("high").notNull(),
    low: text("low").notNull(),
    close: text("close").notNull(),
    volume: real("volume").notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.symbol, table.date] })],
);

/** The one contiguous date range per symbol whose bars are all known (see MarketStore). */
export const marketBarCoverage = sqliteTable(
  "market_bar_coverage",
  {
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    fromDate: text("from_date").notNull(),
    toDate: text("to_date").notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.symbol] })],
);

export const marketCompanyDetails = sqliteTable(
  "market_company_details",
  {
    source: text("source").notNull(),
    symbol: text("symbol").notNull(),
    details: text("details", { mode: "json" }).$type<CompanyDetails>().notNull(),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.symbol] })],
);

export type MarketDailyBarRow = typeof marketDailyBars.$inferSelect;
