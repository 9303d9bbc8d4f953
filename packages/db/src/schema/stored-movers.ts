import type { MarketMovers } from "@ledgerline/contracts";
import type { ColumnKit } from "./kit";
import type { Owned } from "./investment-accounts";

export function storedMoverTables(k: ColumnKit, refs: Owned) {
  /**
   * Market movers an admin posted (POST /api/marketmovers). GET /api/marketmovers answers them
   * when the provider has none, as the spec describes; only the latest set is kept.
   */
  const storedMarketMovers = k.table("stored_market_movers", {
    id: k.rowId(),
    movers: k.json("movers").$type<MarketMovers>().notNull(),
    storedAt: k.instant("stored_at").notNull(),
    storedBy: k.integer("stored_by").references(() => refs.users.id, { onDelete: "set null" }),
  });
  return { storedMarketMovers };
}
