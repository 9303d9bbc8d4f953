import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { changes, type Database, type Tables } from "../database";
import type { SavedCryptoRow, SavedStockRow } from "../schema";

type WatchlistTable = Tables["savedStocks"] | Tables["savedCryptos"];

/**
 * What the stock and the crypto watchlists do alike: a user's rows by symbol, their count, and
 * every symbol anyone watches. `listName` names the list's statement, prepared once: the list is
 * what every open watchlist screen polls.
 */
function watchedSymbols<Row>(database: Database, table: WatchlistTable, listName: string) {
  const { db } = database;
  const ofUser = (userId: number, symbol: string) =>
    and(eq(table.userId, userId), eq(table.symbol, symbol));
  const listStatement = database.prepare(
    listName,
    db
      .select()
      .from(table)
      .where(eq(table.userId, sql.placeholder("userId")))
      .orderBy(asc(table.symbol)),
  );

  return {
    async list(userId: number): Promise<Row[]> {
      return (await listStatement.all({ userId })) as Row[];
    },

    async find(userId: number, symbol: string): Promise<Row | undefined> {
      return (await database.first(db.select().from(table).where(ofUser(userId, symbol)))) as
        Row | undefined;
    },

    async remove(userId: number, symbol: string): Promise<boolean> {
      return (await database.changes(db.delete(table).where(ofUser(userId, symbol)))) > 0;
    },

    async count(userId: number): Promise<number> {
      const row = await database.first(
        db.select({ n: count() }).from(table).where(eq(table.userId, userId)),
      );
      return row?.n ?? 0;
    },

    /** Every symbol anyone watches: what the market refresher keeps fresh. */
    async distinctSymbols(): Promise<string[]> {
      const rows = await database.all(db.selectDistinct({ symbol: table.symbol }).from(table));
      return rows.map((row) => row.symbol);
    },
  };
}

/** Every read and write is scoped by the user who owns the row. */
export function stockWatchlistRepository(database: Database) {
  const { db } = database;
  const { savedStocks } = database.tables;
  return {
    ...watchedSymbols<SavedStockRow>(database, savedStocks, "savedStocks_list"),

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
  };
}

export function cryptoWatchlistRepository(database: Database) {
  const { db } = database;
  const { savedCryptos } = database.tables;
  return {
    ...watchedSymbols<SavedCryptoRow>(database, savedCryptos, "savedCryptos_list"),

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
  };
}

export type StockWatchlistRepository = ReturnType<typeof stockWatchlistRepository>;
export type CryptoWatchlistRepository = ReturnType<typeof cryptoWatchlistRepository>;
