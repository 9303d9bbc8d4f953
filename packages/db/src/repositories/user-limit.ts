import { count, eq } from "drizzle-orm";
import type { Db } from "../database";
import { first, type Tables, type Work } from "../database";

/** The tables of which a user may hold only so many rows. */
type LimitedTable = Tables["alerts"] | Tables["importMappings"] | Tables["classificationOverrides"];

/**
 * Whether the user already holds `limit` rows of the table. Counted in the caller's transaction,
 * the one that then writes, so two creates at once cannot both pass the limit.
 */
export function* holdsLimit(
  tx: Db,
  table: LimitedTable,
  userId: number,
  limit: number,
): Work<boolean> {
  const held = yield* first(tx.select({ n: count() }).from(table).where(eq(table.userId, userId)));
  return (held?.n ?? 0) >= limit;
}
