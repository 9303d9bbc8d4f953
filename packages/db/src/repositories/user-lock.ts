import { eq } from "drizzle-orm";
import { locked, type Db, type Tables, type Work } from "../database";

/**
 * Waits for (then holds) the user's row: every write of the user's trades, accounts, cash and
 * income takes it first, so they run one at a time per user on both dialects.
 */
export function* lockUser(tx: Db, { users }: Tables, userId: number): Work<unknown> {
  return yield* locked(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)));
}
