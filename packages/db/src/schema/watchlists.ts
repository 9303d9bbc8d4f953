import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ownerId } from "./users";

/**
 * A user's watched stocks. The last snapshot the server fetched for the row is kept, so the
 * watchlist still shows figures (the spec's "keep the old data") when a refresh fails.
 */
export const savedStocks = sqliteTable(
  "saved_stocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    symbol: text("symbol").notNull(),
    companyName: text("company_name").notNull(),
    lastSnapshot: text("last_snapshot", { mode: "json" }).$type<StockSnapshot>(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("saved_stocks_user_symbol_idx").on(table.userId, table.symbol),
    index("saved_stocks_symbol_idx").on(table.symbol),
  ],
);

/**
 * A user's watched cryptocurrencies. `savedPrice` is the price when the user saved it (the spec
 * colours the refreshed price against it); `lastQuote` is the last quote the server fetched.
 */
export const savedCryptos = sqliteTable(
  "saved_cryptos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: ownerId(),
    symbol: text("symbol").notNull(),
    /** Canonical decimal text. */
    savedPrice: text("saved_price").notNull(),
    savedOpen: text("saved_open").notNull(),
    lastQuote: text("last_quote", { mode: "json" }).$type<CryptoQuote>(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    uniqueIndex("saved_cryptos_user_symbol_idx").on(table.userId, table.symbol),
    index("saved_cryptos_symbol_idx").on(table.symbol),
  ],
);

export type SavedStockRow = typeof savedStocks.$inferSelect;
export type SavedCryptoRow = typeof savedCryptos.$inferSelect;
