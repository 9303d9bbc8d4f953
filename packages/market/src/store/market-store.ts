import type { CompanyDetails, HistoricalBar } from "@ledgerline/contracts";

/** An inclusive range of New York trading dates. */
export interface DateRange {
  from: string;
  to: string;
}

export interface StoredCompanyDetails {
  details: CompanyDetails;
  fetchedAt: Date;
}

/**
 * Where fetched history lives so that charts never refetch it. `source` is the provider's id,
 * so bars from the simulated market and from Polygon never mix.
 *
 * Coverage is one contiguous range per symbol: every trading day in it is known (a day without
 * a bar in it had no trading), which is how the service knows what it need not fetch again.
 * The SQLite implementation is the market-data repository of @ledgerline/db.
 */
export interface MarketStore {
  getBarCoverage(source: string, symbol: string): Promise<DateRange | undefined>;
  /** The stored bars of `range`, oldest first (a range as coverage is one). */
  getDailyBars(source: string, symbol: string, range: DateRange): Promise<HistoricalBar[]>;
  /** Upserts the bars and sets the coverage, atomically. */
  saveDailyBars(
    source: string,
    symbol: string,
    bars: readonly HistoricalBar[],
    coverage: DateRange,
  ): Promise<void>;
  getCompanyDetails(source: string, symbol: string): Promise<StoredCompanyDetails | undefined>;
  saveCompanyDetails(source: string, details: CompanyDetails, fetchedAt: Date): Promise<void>;
}
