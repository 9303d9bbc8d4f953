import type { CompanyDetails, HistoricalBar } from "@ledgerline/contracts";
import type { DateRange, MarketStore, StoredCompanyDetails } from "./market-store";
import { compareCodes } from "../compare-codes";

/** For tests and for running without a database; forgets everything on restart. */
export class InMemoryMarketStore implements MarketStore {
  private readonly bars = new Map<string, Map<string, HistoricalBar>>();
  private readonly coverage = new Map<string, DateRange>();
  private readonly details = new Map<string, StoredCompanyDetails>();

  private key(source: string, symbol: string): string {
    return `${source}\u0000${symbol}`;
  }

  async getBarCoverage(source: string, symbol: string): Promise<DateRange | undefined> {
    const range = this.coverage.get(this.key(source, symbol));
    return range && { ...range };
  }

  async getDailyBars(source: string, symbol: string, range: DateRange): Promise<HistoricalBar[]> {
    const { from, to } = range;
    const byDate = this.bars.get(this.key(source, symbol));
    if (!byDate) return [];
    return [...byDate.values()]
      .filter((bar) => bar.date >= from && bar.date <= to)
      .sort((a, b) => compareCodes(a.date, b.date))
      .map((bar) => ({ ...bar }));
  }

  async saveDailyBars(
    source: string,
    symbol: string,
    bars: readonly HistoricalBar[],
    coverage: DateRange,
  ): Promise<void> {
    const key = this.key(source, symbol);
    const byDate = this.bars.get(key) ?? new Map<string, HistoricalBar>();
    for (const bar of bars) byDate.set(bar.date, { ...bar });
    this.bars.set(key, byDate);
    this.coverage.set(key, { ...coverage });
  }

  async getCompanyDetails(
    source: string,
    symbol: string,
  ): Promise<StoredCompanyDetails | undefined> {
    const stored = this.details.get(this.key(source, symbol));
    return (
      stored && { details: structuredClone(stored.details), fetchedAt: new Date(stored.fetchedAt) }
    );
  }

  async saveCompanyDetails(
    source: string,
    details: CompanyDetails,
    fetchedAt: Date,
  ): Promise<void> {
    this.details.set(this.key(source, details.ticker), {
      details: structuredClone(details),
      fetchedAt: new Date(fetchedAt),
    });
  }
}
