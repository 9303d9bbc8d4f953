import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { changes, type Database } from "../database";
import type { SavedCryptoRow, SavedStockRow } from "../schema";

/** Every read and write is scoped by the user who owns the row. */
export function stockWatchlistRepository(database: Database) {
  const { db } = database;
  const { savedStocks } = database.tables;
  // Prepared once: the list is what every open watchlist screen polls.
  const listStatement = database.prepare(
    "savedStocks_list",
    db
      .select()
      .from(savedStocks)
      .where(eq(savedStocks.userId, sql.placeholder("userId")))
      .orderBy(asc(savedStocks.symbol)),
  );

  return {
    async list(userId: number): Promise<SavedStockRow[]> {
      return listStatement.all({ userId });
    },

    async find(userId: number, symbol: string): Promise<SavedStockRow | undefined> {
      return database.first(
        db
          .select()
          .from(savedStocks)
          .where(and(eq(savedStocks.userId, userId), eq(savedStocks.symbol, symbol))),
      );
    },

    /** Adds the symbol, or refreshes the stored snapshot of a symbol already watched. */
    async save(userId: number, snapshot: StockSnapshot, now: Date): Promise<SavedStockRow> {
      const saved = db
        .insert(savedStocks)
        .values({
          userId,
          symbol: snapshot.symbol,
          companyName: snapshot.companyName,
          lastSnapshot: snapshot,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [savedStocks.userId, savedStocks.symbol],
          set: { companyName: snapshot.companyName, lastSnapshot: snapshot, updatedAt: now },
        })
        .returning();
      return (await database.all(saved))[0]!;
    },

    /** Stores fresh snapshots on a user's rows (the spec: each refresh "saves it"). */
    async storeSnapshots(
      userId: number,
      snapshots: readonly StockSnapshot[],
      now: Date,
    ): Promise<void> {
      await database.transaction(function* (tx) {
        for (const snapshot of snapshots) {
          yield* changes(
            tx
              .update(savedStocks)
              .set({ lastSnapshot: snapshot, companyName: snapshot.companyName, updatedAt: now })
              .where(and(eq(savedStocks.userId, userId), eq(savedStocks.symbol, snapshot.symbol))),
          );
        }
      });
    },

    async remove(userId: number, symbol: string): Promise<boolean> {
      const removed = await database.changes(
        db
          .delete(savedStocks)
          .where(and(eq(savedStocks.userId, userId), eq(savedStocks.symbol, symbol))),
      );
      return removed > 0;
    },

    async count(userId: number): Promise<number> {
      const row = await database.first(
        db.select({ n: count() }).from(savedStocks).where(eq(savedStocks.userId, userId)),
      );
      return row?.n ?? 0;
    },

    /** Every symbol anyone watches: what the market refresher keeps fresh. */
    async distinctSymbols(): Promise<string[]> {
      const rows = await database.all(
        db.selectDistinct({ symbol: savedStocks.symbol }).from(savedStocks),
      );
      return rows.map((row) => row.symbol);
    },
  };
}

export function cryptoWatchlistRepository(database: Database) {
  const { db } = database;
  const { savedCryptos } = database.tables;
  // Prepared once: the list is what every open watchlist screen polls.
  const listStatement = database.prepare(
    "savedCryptos_list",
    db
      .select()
      .from(savedCryptos)
      .where(eq(savedCryptos.userId, sql.placeholder("userId")))
      .orderBy(asc(savedCryptos.symbol)),
  );

  return {
    async list(userId: number): Promise<SavedCryptoRow[]> {
      return listStatement.all({ userId });
    },

    async find(userId: number, symbol: string): Promise<SavedCryptoRow | undefined> {
      return database.first(
        db
          .select()
          .from(savedCryptos)
          .where(and(eq(savedCryptos.userId, userId), eq(savedCryptos.symbol, symbol))),
      );
    },

    /** Adds the symbol with the price it was saved at, or updates the saved price of a watched one. */
    async save(userId: number, quote: CryptoQuote, now: Date): Promise<SavedCryptoRow> {
      const saved = db
        .insert(savedCryptos)
        .values({
          userId,
          symbol: quote.symbol,
          savedPrice: quote.price,
          savedOpen: quote.open,
          lastQuote: quote,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [savedCryptos.userId, savedCryptos.symbol],
          set: { savedPrice: quote.price, savedOpen: quote.open, lastQuote: quote, updatedAt: now },
        })
        .returning();
      return (await database.all(saved))[0]!;
    },

    /** Stores the latest quotes without touching the saved prices. */
    async storeQuotes(userId: number, quotes: readonly CryptoQuote[], now: Date): Promise<void> {
      await database.transaction(function* (tx) {
        for (const quote of quotes) {
          yield* changes(
            tx
              .update(savedCryptos)
              .set({ lastQuote: quote, updatedAt: now })
              .where(and(eq(savedCryptos.userId, userId), eq(savedCryptos.symbol, quote.symbol))),
          );
        }
      });
    },

    async remove(userId: number, symbol: string): Promise<boolean> {
      const removed = await database.changes(
        db
          .delete(savedCryptos)
          .where(and(eq(savedCryptos.userId, userId), eq(savedCryptos.symbol, symbol))),
      );
      return removed > 0;
    },

    async count(userId: number): Promise<number> {
      const row = await database.first(
        db.select({ n: count() }).from(savedCryptos).where(eq(savedCryptos.userId, userId)),
      );
      return row?.n ?? 0;
    },

    async distinctSymbols(): Promise<string[]> {
      const rows = await database.all(
        db.selectDistinct({ symbol: savedCryptos.symbol }).from(savedCryptos),
      );
      return rows.map((row) => row.symbol);
    },
  };
}

export type StockWatchlistRepository = ReturnType<typeof stockWatchlistRepository>;
export type CryptoWatchlistRepository = ReturnType<typeof cryptoWatchlistRepository>;
