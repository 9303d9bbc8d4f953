import type { CompanyDetails, HistoricalBar } from "@ledgerline/contracts";
import { and, eq } from "drizzle-orm";
import { changes, raw, type Database } from "../database";

/**
 * Rows per INSERT, largest first: full statements of 500 (9 parameters a row stays well under
 * SQLite's bound-parameter limit), and the rest in statements of 50 and of one, so a connection
 * prepares at most three texts however many bars a range has.
 */
const BARS_PER_INSERT = [500, 50, 1];

/**
 * The upsert of `rows` bars, written by hand and prepared once per size: Drizzle's builder
 * rebuilt it for every 500 bars, which was most of the CPU of storing the five years of fifty
 * symbols a 100,000-row import asks for. Both dialects take the same text.
 */
const upsertBarsSql = (rows: number) =>
  "INSERT INTO market_daily_bars (source, symbol, date, starts_at, open, high, low, close, volume)" +
  ` VALUES ${Array.from({ length: rows }, () => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}` +
  " ON CONFLICT (source, symbol, date) DO UPDATE SET starts_at = excluded.starts_at," +
  " open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close," +
  " volume = excluded.volume";

/**
 * A symbol's stored bars in a range, written by hand (a statement prepared once): through
 * Drizzle's builder and row mapping, the five years of 200 symbols one account's first read
 * values cost twice what the rows themselves do.
 */
const DAILY_BARS_SQL =
  "SELECT date, starts_at AS t, open AS o, high AS h, low AS l, close AS c, volume AS v" +
  " FROM market_daily_bars WHERE source = ? AND symbol = ? AND date BETWEEN ? AND ? ORDER BY date";

/**
 * Persisted market history: the SQLite implementation of @ledgerline/market's MarketStore
 * (the interface lives there; this object satisfies it structurally).
 */
export function marketDataRepository(database: Database) {
  return {
    ...dailyBarReads(database),
    ...dailyBarWrites(database),
    ...companyDetailRows(database),
  };
}

/** Stored daily bars and how far each symbol's stored bars reach. */
function dailyBarReads(database: Database) {
  const { db } = database;
  const { marketBarCoverage } = database.tables;
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
      { from, to }: { from: string; to: string },
    ): Promise<HistoricalBar[]> {
      return database.query<HistoricalBar>(DAILY_BARS_SQL, [source, symbol, from, to]);
    },
  };
}

function dailyBarWrites(database: Database) {
  const { marketBarCoverage } = database.tables;
  return {
    /** Upserts the bars and sets the coverage in one transaction. */
    async saveDailyBars(
      source: string,
      symbol: string,
      bars: readonly HistoricalBar[],
      coverage: { from: string; to: string },
    ): Promise<void> {
      await database.transaction(function* (tx) {
        let start = 0;
        for (const size of BARS_PER_INSERT) {
          for (; start + size <= bars.length; start += size) {
            const params: unknown[] = [];
            for (const bar of bars.slice(start, start + size)) {
              params.push(source, symbol, bar.date, bar.t, bar.o, bar.h, bar.l, bar.c, bar.v);
            }
            yield* raw(upsertBarsSql(size), params);
          }
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
  };
}

/** Company details, kept as the provider answered them. */
function companyDetailRows(database: Database) {
  const { db } = database;
  const { marketCompanyDetails } = database.tables;
  return {
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
