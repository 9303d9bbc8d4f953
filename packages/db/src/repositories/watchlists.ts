import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { changes, type Database, type Tables } from "../database";
import type { SavedCryptoRow, SavedStockRow } from "../schema";

type NewSavedStock = Tables["savedStocks"]["$inferInsert"];
type NewSavedCrypto = Tables["savedCryptos"]["$inferInsert"];

type WatchlistTable = Tables["savedStocks"] | Tables["savedCryptos"];

/**
 * What the stock and the crypto watchlists do alike: a user's rows by symbol (read, added or
 * updated, given fresh market figures, removed), their count, and every symbol anyone watches.
 * `listName` names the list's statement, prepared once: the list is what every open watchlist
 * screen polls.
 */
function watchedSymbols<
  Row,
  Insert extends { userId: number; symbol: string; createdAt: Date; updatedAt: Date },
>(database: Database, table: WatchlistTable, listName: string) {
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

  /** Adds the user's row for a symbol, or updates it with `set` when the symbol is watched. */
  const upsert = async (values: Insert, set: Partial<Insert>): Promise<Row> => {
    const saved = db
      .insert(table)
      .values(values)
      .onConflictDoUpdate({ target: [table.userId, table.symbol], set })
      .returning();
    return (await database.all(saved))[0] as Row;
  };

  /** Writes fresh market figures on the user's rows, each by its symbol, in one transaction. */
  const storeEach = async <T extends { symbol: string }>(
    userId: number,
    figures: readonly T[],
    set: (figure: T) => Partial<Insert>,
  ): Promise<void> => {
    await database.transaction(function* (tx) {
      for (const figure of figures) {
        yield* changes(tx.update(table).set(set(figure)).where(ofUser(userId, figure.symbol)));
      }
    });
  };

  const common = {
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
  return { common, upsert, storeEach };
}

/** Every read and write is scoped by the user who owns the row. */
export function stockWatchlistRepository(database: Database) {
  const { common, upsert, storeEach } = watchedSymbols<SavedStockRow, NewSavedStock>(
    database,
    database.tables.savedStocks,
    "savedStocks_list",
  );
  return {
    ...common,

    /** Adds the symbol, or refreshes the stored snapshot of a symbol already watched. */
    async save(userId: number, snapshot: StockSnapshot, now: Date): Promise<SavedStockRow> {
      const { symbol, companyName } = snapshot;
      return upsert(
        { userId, symbol, companyName, lastSnapshot: snapshot, createdAt: now, updatedAt: now },
        { companyName, lastSnapshot: snapshot, updatedAt: now },
      );
    },

    /** Stores fresh snapshots on a user's rows (the spec: each refresh "saves it"). */
    async storeSnapshots(
      userId: number,
      snapshots: readonly StockSnapshot[],
      now: Date,
    ): Promise<void> {
      await storeEach(userId, snapshots, (snapshot) => ({
        lastSnapshot: snapshot,
        companyName: snapshot.companyName,
        updatedAt: now,
      }));
    },
  };
}

export function cryptoWatchlistRepository(database: Database) {
  const { common, upsert, storeEach } = watchedSymbols<SavedCryptoRow, NewSavedCrypto>(
    database,
    database.tables.savedCryptos,
    "savedCryptos_list",
  );
  return {
    ...common,

    /** Adds the symbol with the price it was saved at, or updates the saved price of a watched one. */
    async save(userId: number, quote: CryptoQuote, now: Date): Promise<SavedCryptoRow> {
      const prices = { savedPrice: quote.price, savedOpen: quote.open, lastQuote: quote };
      return upsert(
        { userId, symbol: quote.symbol, ...prices, createdAt: now, updatedAt: now },
        { ...prices, updatedAt: now },
      );
    },

    /** Stores the latest quotes without touching the saved prices. */
    async storeQuotes(userId: number, quotes: readonly CryptoQuote[], now: Date): Promise<void> {
      await storeEach(userId, quotes, (quote) => ({ lastQuote: quote, updatedAt: now }));
    },
  };
}

export type StockWatchlistRepository = ReturnType<typeof stockWatchlistRepository>;
export type CryptoWatchlistRepository = ReturnType<typeof cryptoWatchlistRepository>;
