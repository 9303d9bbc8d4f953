import type { CompanyDetails, HistoricalBar } from "@ledgerline/contracts";
import { and, asc, between, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { marketBarCoverage, marketCompanyDetails, marketDailyBars } from "../schema";

/** Rows per INSERT, well under SQLite's bound-parameter limit. */
const BARS_PER_INSERT = 500;

/**
 * Persisted market history: the SQLite implementation of @ledgerline/market's MarketStore
 * (the interface lives there; this object satisfies it structurally).
 */
export function marketDataRepository(db: Db) {
  return {
    async getBarCoverage(
      source: string,
      symbol: string,
    ): Promise<{ from: string; to: string } | undefined> {
      const row = db
        .select({ from: marketBarCoverage.fromDate, to: marketBarCoverage.toDate })
        .from(marketBarCoverage)
        .where(and(eq(marketBarCoverage.source, source), eq(marketBarCoverage.symbol, symbol)))
        .get();
      return row ?? undefined;
    },

    async getDailyBars(
      source: string,
      symbol: string,
      from: string,
      to: string,
    ): Promise<HistoricalBar[]> {
      return db
        .select({
          date: marketDailyBars.date,
          t: marketDailyBars.startsAt,
          o: marketDailyBars.open,
          h: marketDailyBars.high,
          l: marketDailyBars.low,
          c: marketDailyBars.close,
          v: marketDailyBars.volume,
        })
        .from(marketDailyBars)
        .where(
          and(
            eq(marketDailyBars.source, source),
            eq(marketDailyBars.symbol, symbol),
            between(marketDailyBars.date, from, to),
          ),
        )
        .orderBy(asc(marketDailyBars.date))
        .all();
    },

    /** Upserts the bars and sets the coverage in one transaction. */
    async saveDailyBars(
      source: string,
      symbol: string,
      bars: readonly HistoricalBar[],
      coverage: { from: string; to: string },
    ): Promise<void> {
      db.transaction((tx) => {
        for (let start = 0; start < bars.length; start += BARS_PER_INSERT) {
          const rows = bars.slice(start, start + BARS_PER_INSERT).map((bar) => ({
            source,
            symbol,
            date: bar.date,
            startsAt: bar.t,
            open: bar.o,
            high: bar.h,
            low: bar.l,
            close: bar.c,
            volume: bar.v,
          }));
          tx.insert(marketDailyBars)
            .values(rows)
            .onConflictDoUpdate({
              target: [marketDailyBars.source, marketDailyBars.symbol, marketDailyBars.date],
              set: {
                startsAt: sql`excluded.starts_at`,
                open: sql`excluded.open`,
                high: sql`excluded.high`,
                low: sql`excluded.low`,
                close: sql`excluded.close`,
                volume: sql`excluded.volume`,
              },
            })
            .run();
        }
        tx.insert(marketBarCoverage)
          .values({
            source,
            symbol,
            fromDate: coverage.from,
            toDate: coverage.to,
            updatedAt: new Date(),
          })
          .onConflictDoUpdate({
            target: [marketBarCoverage.source, marketBarCoverage.symbol],
            set: { fromDate: coverage.from, toDate: coverage.to, updatedAt: new Date() },
          })
          .run();
      });
    },

    async getCompanyDetails(
      source: string,
      symbol: string,
    ): Promise<{ details: CompanyDetails; fetchedAt: Date } | undefined> {
      const row = db
        .select({
          details: marketCompanyDetails.details,
          fetchedAt: marketCompanyDetails.fetchedAt,
        })
        .from(marketCompanyDetails)
        .where(
          and(eq(marketCompanyDetails.source, source), eq(marketCompanyDetails.symbol, symbol)),
        )
        .get();
      return row ?? undefined;
    },

    async saveCompanyDetails(
      source: string,
      details: CompanyDetails,
      fetchedAt: Date,
    ): Promise<void> {
      db.insert(marketCompanyDetails)
        .values({ source, symbol: details.ticker, details, fetchedAt })
        .onConflictDoUpdate({
          target: [marketCompanyDetails.source, marketCompanyDetails.symbol],
          set: { details, fetchedAt },
        })
        .run();
    },
  };
}

export type MarketDataRepository = ReturnType<typeof marketDataRepository>;
