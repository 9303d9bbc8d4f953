import type { CryptoQuote, StockSnapshot } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function watchlistTables(k: ColumnKit, refs: Owned) {
  /**
   * A user's watched stocks. The last snapshot the server fetched for the row is kept, so the
   * watchlist still shows figures (the spec's "keep the old data") when a refresh fails.
   */
  const savedStocks = k.table(
    "saved_stocks",
    {
      id: k.id(),
      userId: refs.ownerId(),
      symbol: k.text("symbol").notNull(),
      companyName: k.text("company_name").notNull(),
      lastSnapshot: k.json("last_snapshot").$type<StockSnapshot>(),
      createdAt: k.instant("created_at").notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [
      k.uniqueIndex("saved_stocks_user_symbol_idx").on(table.userId, table.symbol),
      k.index("saved_stocks_symbol_idx").on(table.symbol),
    ],
  );

  /**
   * A user's watched cryptocurrencies. `savedPrice` is the price when the user saved it (the spec
   * colours the refreshed price against it); `lastQuote` is the last quote the server fetched.
   */
  const savedCryptos = k.table(
    "saved_cryptos",
    {
      id: k.id(),
      userId: refs.ownerId(),
      symbol: k.text("symbol").notNull(),
      /** Canonical decimal text. */
      savedPrice: k.decimal("saved_price").notNull(),
      savedOpen: k.decimal("saved_open").notNull(),
      lastQuote: k.json("last_quote").$type<CryptoQuote>(),
      createdAt: k.instant("created_at").notNull(),
      updatedAt: k.instant("updated_at").notNull(),
    },
    (table) => [
      k.uniqueIndex("saved_cryptos_user_symbol_idx").on(table.userId, table.symbol),
      k.index("saved_cryptos_symbol_idx").on(table.symbol),
    ],
  );
  return { savedStocks, savedCryptos };
}
