import { and, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "../database";

type Transactions = Database["tables"]["transactions"];

/**
 * The transactions after `last` in (date, id) order, ascending or descending: where the next page
 * of a history read in pages starts (none before the first page).
 */
export function afterInHistory(
  transactions: Transactions,
  last: { transactionDate: Date; id: number } | undefined,
  order: "asc" | "desc",
): SQL | undefined {
  if (!last) return undefined;
  const beyond = order === "asc" ? gt : lt;
  return or(
    beyond(transactions.transactionDate, last.transactionDate),
    and(eq(transactions.transactionDate, last.transactionDate), beyond(transactions.id, last.id)),
  );
}
