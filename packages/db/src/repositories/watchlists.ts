import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { savedCryptos, savedStocks, type SavedCryptoRow, type SavedStockRow } from "../schema";

/** Every read and write is scoped by the user who owns the row. */
export function stockWatchlistRepository(db: Db) {
  // Prepared once: the list is what every open watchlist screen polls.
  const listStatement = db
    .select()
    .from(savedStocks)
    .where(eq(savedStocks.userId, sql.placeholder("userId")))
    .orderBy(asc(savedStocks.symbol))
    .prepare();

  return {
    async list(userId: number): Promise<SavedStockRow[]> {
      return listStatement.all({ userId });
    },

    async find(userId: number, symbol: string): Promise<SavedStockRow | undefined> {
      return db
        .select()
        .from(savedStocks)
        .where(and(eq(savedStocks.userId, userId), eq(savedStocks.symbol, symbol)))
        .get();
    },

    /** Adds the symbol, or refreshes the stored snapshot of a symbol already watched. */
    async save(userId: number, snapshot: StockSnapshot, now: Date): Promise<SavedStockRow> {
      return db
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
        .returning()
        .get();
    },

    /** Stores fresh snapshots on a user's rows (the spec: each refresh "saves it"). */
    async storeSnapshots(
      userId: number,
      snapshots: readonly StockSnapshot[],
      now: Date,
    ): Promise<void> {
      db.transaction((tx) => {
        for (const snapshot of snapshots) {
          tx.update(savedStocks)
            .set({ lastSnapshot: snapshot, companyName: snapshot.companyName, updatedAt: now })
            .where(and(eq(savedStocks.userId, userId), eq(savedStocks.symbol, snapshot.symbol)))
            .run();
        }
      });
    },

    async remove(userId: number, symbol: string): Promise<boolean> {
      return (
        db
          .delete(savedStocks)
          .where(and(eq(savedStocks.userId, userId), eq(savedStocks.symbol, symbol)))
          .run().changes > 0
      );
    },

    async count(userId: number): Promise<number> {
      return (
        db.select({ n: count() }).from(savedStocks).where(eq(savedStocks.userId, userId)).get()
          ?.n ?? 0
      );
    },

    /** Every symbol anyone watches: what the market refresher keeps fresh. */
    async distinctSymbols(): Promise<string[]> {
      return db
        .selectDistinct({ symbol: savedStocks.symbol })
        .from(savedStocks)
        .all()
        .map((row) => row.symbol);
    },
  };
}

export function cryptoWatchlistRepository(db: Db) {
  // Prepared once: the list is what every open watchlist screen polls.
  const listStatement = db
    .select()
    .from(savedCryptos)
    .where(eq(savedCryptos.userId, sql.placeholder("userId")))
    .orderBy(asc(savedCryptos.symbol))
    .prepare();

  return {
    async list(userId: number): Promise<SavedCryptoRow[]> {
      return listStatement.all({ userId });
    },

    async find(userId: number, symbol: string): Promise<SavedCryptoRow | undefined> {
      return db
        .select()
        .from(savedCryptos)
        .where(and(eq(savedCryptos.userId, userId), eq(savedCryptos.symbol, symbol)))
        .get();
    },

    /** Adds the symbol with the price it was saved at, or updates the saved price of a watched one. */
    async save(userId: number, quote: CryptoQuote, now: Date): Promise<SavedCryptoRow> {
      return db
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
        .returning()
        .get();
    },

    /** Stores the latest quotes without touching the saved prices. */
    async storeQuotes(userId: number, quotes: readonly CryptoQuote[], now: Date): Promise<void> {
      db.transaction((tx) => {
        for (const quote of quotes) {
          tx.update(savedCryptos)
            .set({ lastQuote: quote, updatedAt: now })
            .where(and(eq(savedCryptos.userId, userId), eq(savedCryptos.symbol, quote.symbol)))
            .run();
        }
      });
    },

    async remove(userId: number, symbol: string): Promise<boolean> {
      return (
        db
          .delete(savedCryptos)
          .where(and(eq(savedCryptos.userId, userId), eq(savedCryptos.symbol, symbol)))
          .run().changes > 0
      );
    },

    async count(userId: number): Promise<number> {
      return (
        db.select({ n: count() }).from(savedCryptos).where(eq(savedCryptos.userId, userId)).get()
          ?.n ?? 0
      );
    },

    async distinctSymbols(): Promise<string[]> {
      return db
        .selectDistinct({ symbol: savedCryptos.symbol })
        .from(savedCryptos)
        .all()
        .map((row) => row.symbol);
    },
  };
}

export type StockWatchlistRepository = ReturnType<typeof stockWatchlistRepository>;
export type CryptoWatchlistRepository = ReturnType<typeof cryptoWatchlistRepository>;
