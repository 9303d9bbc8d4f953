import { z } from "zod";
import { stockSnapshot } from "../market/market";

/**
 * A watched stock as the watchlist answers it. `snapshot` is fresh from the server's market
 * service, or, when that refresh failed (`stale`), the last snapshot stored for the row, so the
 * screens keep the old figures as the spec asks.
 */
export const savedStock = z.object({
  symbol: z.string(),
  companyName: z.string(),
  savedAt: z.iso.datetime({ offset: true }),
  stale: z.boolean(),
  /** Null only for a row that was never refreshed and whose refresh failed now. */
  snapshot: stockSnapshot.nullable(),
});
export type SavedStock = z.infer<typeof savedStock>;
