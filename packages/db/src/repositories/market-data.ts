import type { CompanyDetails, HistoricalBar } from "@ledgerline/contracts";
import { and, asc, between, eq, sql } from "drizzle-orm";
import { changes, type Database } from "../database";

/** Rows per INSERT, well under SQLite's bound-parameter limit. */
const BARS_PER_INSERT = 500;

/**
 * Persisted market history: the SQLite implementation of @ledgerline/market's MarketStore
 * (the interface lives there; this object satisfies it structurally).
 */
export function marketDataRepository(database: Database) {
  const { db } = database;
  const { marketBarCoverage, marketCompanyDetails, marketDailyBars } = database.tables;
  return {
    async getBarCoverage(
      source: string,
      symbol: string,
    ): Promise<{ from: string; to: string } | undefined> {
      const row = await database.first(
        db
          .select({ from: marketBarCoverage.fromDate, to: marketBarCoverage.toDate })
          .from(marketBarCoverage)
          .where(and(eq(marketBarCoverage.source, source), eq(marketBarCoverage.symbol, symbol))),
      );
      return row ?? undefined;
    },

    async getDailyBars(
      source: string,
      symbol: string,
      from: string,
      to: string,
    ): Promise<HistoricalBar[]> {
      return database.all(
        db
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
          .orderBy(asc(marketDailyBars.date)),
      );
    },

    /** Upserts the bars and sets the coverage in one transaction. */
    async saveDailyBars(
      source: string,
      symbol: string,
      bars: readonly HistoricalBar[],
      coverage: { from: string; to: string },
    ): Promise<void> {
      await database.transaction(function* (tx) {
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
          yield* changes(
            tx
              .insert(marketDailyBars)
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
              }),
          );
        }
        yield* changes(
          tx
            .insert(marketBarCoverage)
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
            }),
        );
      });
    },

    async getCompanyDetails(
      source: string,
      symbol: string,
    ): Promise<{ details: CompanyDetails; fetchedAt: Date } | undefined> {
      const row = await database.first(
        db
          .select({
            details: marketCompanyDetails.details,
            fetchedAt: marketCompanyDetails.fetchedAt,
          })
          .from(marketCompanyDetails)
          .where(
            and(eq(marketCompanyDetails.source, source), eq(marketCompanyDetails.symbol, symbol)),
          ),
      );
      return row ?? undefined;
    },

    async saveCompanyDetails(
      source: string,
      details: CompanyDetails,
      fetchedAt: Date,
    ): Promise<void> {
      await database.changes(
        db
          .insert(marketCompanyDetails)
          .values({ source, symbol: details.ticker, details, fetchedAt })
          .onConflictDoUpdate({
            target: [marketCompanyDetails.source, marketCompanyDetails.symbol],
            set: { details, fetchedAt },
          }),
      );
    },
  };
}

export type MarketDataRepository = ReturnType<typeof marketDataRepository>;
