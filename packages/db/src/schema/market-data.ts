import type { CompanyDetails } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";

export function marketDataTables(k: ColumnKit) {
  /**
   * Market data the server fetched once and keeps, so charts and company pages never refetch
   * history. `source` is the provider's id ("polygon", "sim:<seed>"): data from different
   * providers or seeds never mix. Prices are canonical decimal text, never REAL.
   */
  const marketDailyBars = k.table(
    "market_daily_bars",
    {
      source: k.text("source").notNull(),
      symbol: k.text("symbol").notNull(),
      /** The New York trading date, YYYY-MM-DD. */
      date: k.text("date").notNull(),
      /** The provider's bar timestamp (Unix ms). */
      startsAt: k.bigInteger("starts_at").notNull(),
      open: k.decimal("open").notNull(),
      high: k.decimal("high").notNull(),
      low: k.decimal("low").notNull(),
      close: k.decimal("close").notNull(),
      volume: k.double("volume").notNull(),
    },
    (table) => [k.primaryKey({ columns: [table.source, table.symbol, table.date] })],
  );

  /** The one contiguous date range per symbol whose bars are all known (see MarketStore). */
  const marketBarCoverage = k.table(
    "market_bar_coverage",
    {
      source: k.text("source").notNull(),
      symbol: k.text("symbol").notNull(),
      fromDate: k.text("from_date").notNull(),
      toDate: k.text("to_date").notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [k.primaryKey({ columns: [table.source, table.symbol] })],
  );

  const marketCompanyDetails = k.table(
    "market_company_details",
    {
      source: k.text("source").notNull(),
      symbol: k.text("symbol").notNull(),
      details: k.json("details").$type<CompanyDetails>().notNull(),
      fetchedAt: k.instant("fetched_at").notNull(),
    },
    (table) => [k.primaryKey({ columns: [table.source, table.symbol] })],
  );
  return { marketDailyBars, marketBarCoverage, marketCompanyDetails };
}
