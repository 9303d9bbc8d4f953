import type { MarketMovers } from "@ledgerline/contracts";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Market movers an admin posted (POST /api/marketmovers). GET /api/marketmovers answers them
 * when the provider has none, as the spec describes; only the latest set is kept.
 */
export const storedMarketMovers = sqliteTable("stored_market_movers", {
  id: integer("id").primaryKey(),
  movers: text("movers", { mode: "json" }).$type<MarketMovers>().notNull(),
  storedAt: integer("stored_at", { mode: "timestamp_ms" }).notNull(),
  storedBy: integer("stored_by").references(() => users.id, { onDelete: "set null" }),
});
